// The president vote (document 2: Vote, GET/POST /vote); staff open and close votes (docs/signin-vote.md).
import { z } from 'zod';
import { endpoint, failSchema, okSchema, requestIdSchema } from './shared.ts';

export const ballotOptionSchema = z.enum(['approve', 'reject', 'void']);

/** The spec leaves stat's shape open: the vote's title, ballots, period and how many have voted. */
export const voteStatSchema = z.object({
  voteId: z.string(),
  title: z.string(),
  semester: z.string(),
  ballots: z.array(z.object({ title: z.string(), kind: z.enum(['candidate', 'motion']) })),
  opensAt: z.string(),
  closesAt: z.string(),
  closedAt: z.string().nullable(),
  voted: z.number(),
});

/** The spec leaves result's shape open: per ballot, the count of each option. */
export const voteResultSchema = z.array(
  z.object({ title: z.string(), approve: z.number(), reject: z.number(), void: z.number() }),
);

const votePageFields = {
  /** 0 closed (no vote, or not started), 1 voting, 2 results. */
  votestatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  stat: voteStatSchema.nullable(),
  /** Number of ballots (1 or 2; 0 without a vote). */
  votes: z.number(),
  /** Why the viewer cannot vote now: notopen, before, notmember, already, after; null when they can. */
  reason: z.string().nullable(),
  result: voteResultSchema.nullable(),
  /** Who has voted, by pk (never in voting order). */
  finishlist: z.array(z.object({ pk: z.number(), name: z.string() })),
};

export const votePage = endpoint({
  method: 'GET',
  path: '/vote',
  ok: okSchema.extend(votePageFields),
  fail: failSchema,
});

/** The spec's reasons, and 'unchosen' when a ballot was left empty. */
export const castVoteReasons = ['notopen', 'before', 'notmember', 'already', 'after', 'unchosen'] as const;

export const castVote = endpoint({
  method: 'POST',
  path: '/vote',
  body: z.object({
    radio1: ballotOptionSchema.nullable().optional(),
    radio2: ballotOptionSchema.nullable().optional(),
  }),
  ok: okSchema.extend({ finish: z.literal(true), ...votePageFields }),
  /** A refusal carries the page's fields too, so the page shows the vote as it now stands. */
  fail: failSchema.extend({
    votestatus: votePageFields.votestatus.optional(),
    stat: votePageFields.stat.optional(),
    votes: votePageFields.votes.optional(),
    result: votePageFields.result.optional(),
    finishlist: votePageFields.finishlist.optional(),
  }),
});

export const openVoteReasons = ['title_required', 'ballots_invalid', 'period_invalid'] as const;

export const openVote = endpoint({
  method: 'POST',
  path: '/admin/vote',
  body: z.object({
    title: z.string().max(200),
    /** The semester whose members vote; default the current one. */
    semester: z
      .string()
      .regex(/^\d{2,3}-[12]$/)
      .optional(),
    ballots: z.array(z.object({ title: z.string().max(200), kind: z.enum(['candidate', 'motion']) })).max(2),
    opensAt: z.string().datetime({ offset: true }),
    closesAt: z.string().datetime({ offset: true }),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ voteId: z.string() }),
  fail: failSchema,
});

export const closeVote = endpoint({
  method: 'POST',
  path: '/admin/vote/close',
  body: z.object({ voteId: z.string().min(1).max(128) }),
  ok: okSchema.extend({ voteId: z.string() }),
  fail: failSchema,
});
