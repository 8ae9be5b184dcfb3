// Votes as read models (document 2: Vote): the current vote, who has voted (finishlist) and the tally.
// Voter claims and ballots arrive on separate streams; this model keeps them apart too: the tally has
// counts only, and the claims are keyed hashes in no order (the API tells who has voted).
import { emptyTally, type BallotTally } from '@club/core/vote/decider';
import { VOTE_EVENT_TYPES, type VoteEvent, type VoteOpened } from '@club/core/vote/events';
import type { Projection } from './runner.ts';

export interface VoteRow {
  vote: VoteOpened['data'];
  closedAt: string | null;
  /** The voter claims not released: keyed hashes, one per member who has voted (names nobody). */
  claims: Set<string>;
  /** Per ballot, the counts of each option. */
  tallies: BallotTally[];
  ballotsCast: number;
}

export interface VoteModel {
  byId: Map<string, VoteRow>;
  /** The most recently opened vote: the one GET /api/vote shows. */
  currentId: string | null;
}

export const voteProjection: Projection<VoteModel> = {
  handles: VOTE_EVENT_TYPES,
  initial: () => ({ byId: new Map(), currentId: null }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data } as VoteEvent;
    if (event.type === 'VoteOpened') {
      model.byId.set(event.data.voteId, {
        vote: event.data,
        closedAt: null,
        claims: new Set(),
        tallies: event.data.ballots.map(() => emptyTally()),
        ballotsCast: 0,
      });
      model.currentId = event.data.voteId;
      return model;
    }
    const row = model.byId.get(event.data.voteId);
    if (!row) return model;
    switch (event.type) {
      case 'VoteClosed':
        row.closedAt = event.data.closedAt;
        break;
      case 'VoterVoted':
        row.claims.add(event.data.claim);
        break;
      case 'VoterClaimReleased':
        row.claims.delete(event.data.claim);
        break;
      case 'BallotCast':
        event.data.choices.forEach((choice, index) => {
          const tally = row.tallies[index];
          if (tally) tally[choice]++;
        });
        row.ballotsCast++;
        break;
    }
    return model;
  },
};
