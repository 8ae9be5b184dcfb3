// The president vote (document 2: Vote). Three kinds of stream, kept apart so the log cannot tie a
// ballot to a member (docs/signin-vote.md, secret ballot):
// - `vote-{voteId}`: staff open the vote (title, ballots, period, voters' semester) and may close it early;
// - `vote-claim-{voteId}-{claim}`: the voter claim, appended with "no stream" so nobody votes twice. The
//   claim is a keyed hash of the vote and the member (voterClaim in service.ts): the log never names the
//   voter; the portal, holding the key, recomputes it per member to tell who has voted (finishlist);
// - `vote-box-{voteId}`: the ballot box, one BallotCast per vote cast, carrying the choices only.
// Claims and ballots carry anonymous metadata: no actor, a correlation id of their own, the vote's opening
// time as their time.
import { z } from 'zod';

export const voteStream = (voteId: string): string => `vote-${voteId}`;
export const voterClaimStream = (voteId: string, claim: string): string => `vote-claim-${voteId}-${claim}`;
export const ballotBoxStream = (voteId: string): string => `vote-box-${voteId}`;

/** The options of one ballot (document 2, section 9): approve, reject, spoiled (void). */
export const BALLOT_OPTIONS = ['approve', 'reject', 'void'] as const;
export type BallotOption = (typeof BALLOT_OPTIONS)[number];
export const ballotOptionSchema = z.enum(BALLOT_OPTIONS);

/** One ballot of a vote: a candidate to approve or reject, or a motion. */
export const ballotSchema = z.object({
  title: z.string().min(1).max(200),
  kind: z.enum(['candidate', 'motion']),
});
export type Ballot = z.infer<typeof ballotSchema>;

export const voteOpenedSchema = z.object({
  type: z.literal('VoteOpened'),
  data: z.object({
    voteId: z.string().min(1).max(128),
    title: z.string().min(1).max(200),
    /** Members of this semester may vote. */
    semester: z.string().regex(/^\d{2,3}-[12]$/),
    /** One or two ballots (document 2: two ballots when votes is above 1). */
    ballots: z.array(ballotSchema).min(1).max(2),
    opensAt: z.string(),
    closesAt: z.string(),
    openedBy: z.number().int().positive(),
  }),
});

export const voteClosedSchema = z.object({
  type: z.literal('VoteClosed'),
  data: z.object({ voteId: z.string(), closedAt: z.string(), closedBy: z.number().int().positive() }),
});

/** The keyed hash naming one voter of one vote (64 hex digits). */
const claimSchema = z.string().regex(/^[0-9a-f]{64}$/);

export const voterVotedSchema = z.object({
  type: z.literal('VoterVoted'),
  data: z.object({ voteId: z.string(), claim: claimSchema }).strict(),
});

/** A claim given back because its ballot could not be stored, so the member may try again. */
export const voterClaimReleasedSchema = z.object({
  type: z.literal('VoterClaimReleased'),
  data: z.object({ voteId: z.string(), claim: claimSchema }).strict(),
});

export const ballotCastSchema = z.object({
  type: z.literal('BallotCast'),
  data: z.object({ voteId: z.string(), choices: z.array(ballotOptionSchema).min(1).max(2) }).strict(),
});

export const voteEventSchema = z.discriminatedUnion('type', [
  voteOpenedSchema,
  voteClosedSchema,
  voterVotedSchema,
  voterClaimReleasedSchema,
  ballotCastSchema,
]);

export type VoteOpened = z.infer<typeof voteOpenedSchema>;
export type VoteClosed = z.infer<typeof voteClosedSchema>;
export type VoterVoted = z.infer<typeof voterVotedSchema>;
export type VoterClaimReleased = z.infer<typeof voterClaimReleasedSchema>;
export type BallotCast = z.infer<typeof ballotCastSchema>;
export type VoteEvent = VoteOpened | VoteClosed | VoterVoted | VoterClaimReleased | BallotCast;

export const VOTE_EVENT_TYPES = new Set<string>([
  'VoteOpened',
  'VoteClosed',
  'VoterVoted',
  'VoterClaimReleased',
  'BallotCast',
]);
