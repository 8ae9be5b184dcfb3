// The vote service: staff open and close votes; a member casts a vote as two appends on streams that
// share nothing, the voter claim (who) and the ballot (what). docs/signin-vote.md explains the design.
import { createHmac } from 'node:crypto';
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventMetadata, EventStore } from '../eventstore/port.ts';
import { WrongExpectedRevisionError } from '../eventstore/port.ts';
import { deterministicUuid, newId } from '../ids.ts';
import {
  type CastRejection,
  decideCast,
  type VoteAdminRejection,
  voteDecider,
  type VoteState,
} from './decider.ts';
import {
  type Ballot,
  type BallotOption,
  ballotBoxStream,
  voteEventSchema,
  voterClaimStream,
  voteStream,
} from './events.ts';

export type VoteAdminAnswer =
  | { ok: true; voteId: string; position: number }
  | { ok: false; reason: VoteAdminRejection };
export type CastAnswer = { ok: true; position: number } | { ok: false; reason: CastRejection };

export class Votes {
  /** Voter claims lost to a concurrent claim by the same member (the store's expected-revision check). */
  claimConflicts = 0;

  constructor(
    private readonly store: EventStore,
    /**
     * The key voter claims are hashed with (derived from the session secret); it must stay the same while a
     * vote is open, or members could vote again. Absent in the CLI tools, which cast no votes.
     */
    private readonly key: string | undefined,
    private readonly cache?: StateCache,
  ) {}

  voterKey(): string {
    if (!this.key) throw new Error('votes cannot be cast without a voter key');
    return this.key;
  }

  async open(
    input: {
      title: string;
      semester: string;
      ballots: Ballot[];
      opensAt: Date;
      closesAt: Date;
      actorPk: number;
    },
    context: CommandContext,
  ): Promise<VoteAdminAnswer> {
    const voteId = context.commandId ? deterministicUuid(`vote ${context.commandId}`) : newId();
    const result = await handleCommand(
      this.store,
      voteStream(voteId),
      voteDecider,
      { type: 'OpenVote', voteId, ...input },
      context,
      { cache: this.cache, schema: voteEventSchema, deciderIsIdempotent: true },
    );
    return result.ok
      ? { ok: true, voteId, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }

  async close(voteId: string, actorPk: number, context: CommandContext): Promise<VoteAdminAnswer> {
    const result = await handleCommand(
      this.store,
      voteStream(voteId),
      voteDecider,
      { type: 'CloseVote', voteId, actorPk },
      context,
      { cache: this.cache, schema: voteEventSchema, deciderIsIdempotent: true },
    );
    return result.ok
      ? { ok: true, voteId, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }

  state(voteId: string): Promise<VoteState> {
    return loadState(this.store, voteStream(voteId), voteDecider, this.cache).then((loaded) => loaded.state);
  }

  /**
   * Casts one member's vote. First the voter claim, appended expecting the claim stream's current end
   * ("no stream" the first time): of two racing requests by one member only one can write it. Then the
   * ballot, on the ballot box. Neither names the member (see events.ts). If the ballot cannot be stored,
   * the claim is released, so the member is not counted as voted without a ballot.
   */
  async cast(
    voteId: string,
    voter: { userPk: number; eligible: boolean },
    choices: readonly (BallotOption | null | undefined)[],
    now: Date,
  ): Promise<CastAnswer> {
    const state = await this.state(voteId);
    const claim = voterClaim(this.voterKey(), voteId, voter.userPk);
    const claimStream = voterClaimStream(voteId, claim);
    const claimEvents = await this.store.readStream(claimStream);
    const last = claimEvents.at(-1);
    const decision = decideCast(
      state,
      { eligible: voter.eligible, alreadyVoted: last?.type === 'VoterVoted', choices },
      now,
    );
    if ('rejected' in decision) return { ok: false, reason: decision.rejected };
    if (state.status === 'none') throw new Error('a vote was cast on no vote');
    const metadata = () => anonymousMetadata(state.vote.opensAt);
    const claimEvent = { id: newId(), type: 'VoterVoted', data: { voteId, claim }, metadata: metadata() };
    voteEventSchema.parse(claimEvent);
    try {
      await this.store.append(claimStream, [claimEvent], last ? last.revision : 'no_stream');
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) {
        this.claimConflicts++;
        return { ok: false, reason: 'already' };
      }
      throw error;
    }
    // A random id: one derived from the request or the member could be recomputed to find them.
    const ballot = {
      id: newId(),
      type: 'BallotCast',
      data: { voteId, choices: decision.choices },
      metadata: metadata(),
    };
    voteEventSchema.parse(ballot);
    try {
      const appended = await this.store.append(ballotBoxStream(voteId), [ballot], 'any', {
        newIds: true,
      });
      return { ok: true, position: appended.position };
    } catch (error) {
      const release = {
        id: newId(),
        type: 'VoterClaimReleased',
        data: { voteId, claim },
        metadata: metadata(),
      };
      await this.store.append(claimStream, [release], 'any', { newIds: true });
      throw error;
    }
  }
}

/**
 * The claim naming one member in one vote: HMAC-SHA256 under the portal's voter key. Without the key the
 * log cannot be searched for a member's claim; with it the portal recomputes who has voted.
 */
export const voterClaim = (key: string, voteId: string, userPk: number): string =>
  createHmac('sha256', key).update(`vote-claim ${voteId} ${userPk}`).digest('hex');

/**
 * The metadata of claims and ballots: no actor, no scope or ip, a fresh correlation id that no other event shares, and as
 * its time the vote's opening time, the same for every one of them.
 */
export const anonymousMetadata = (voteOpensAt: string): EventMetadata => ({
  actor: null,
  correlationId: newId(),
  causationId: null,
  time: voteOpensAt,
});
