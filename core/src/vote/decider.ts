// The vote's deciders: opening and closing a vote, and whether a member may cast a vote now.
import { assertNever, type Decider, reject } from '../decider.ts';
import type { Ballot, BallotOption, VoteClosed, VoteOpened } from './events.ts';

export type VoteState =
  | { status: 'none' }
  | { status: 'opened'; vote: VoteOpened['data'] }
  | { status: 'closed'; vote: VoteOpened['data']; closedAt: string };

export type VoteCommand =
  | {
      type: 'OpenVote';
      voteId: string;
      title: string;
      semester: string;
      ballots: Ballot[];
      opensAt: Date;
      closesAt: Date;
      actorPk: number;
    }
  | { type: 'CloseVote'; voteId: string; actorPk: number };

export type VoteAdminRejection = 'title_required' | 'ballots_invalid' | 'period_invalid' | 'notopen';

export const voteDecider: Decider<VoteCommand, VoteOpened | VoteClosed, VoteState, VoteAdminRejection> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state, now) {
    switch (command.type) {
      case 'OpenVote': {
        if (state.status !== 'none') return [];
        const title = command.title.trim();
        if (title === '') return reject('title_required');
        const ballots = command.ballots.map((ballot) => ({ ...ballot, title: ballot.title.trim() }));
        if (ballots.length < 1 || ballots.length > 2 || ballots.some((ballot) => ballot.title === ''))
          return reject('ballots_invalid');
        if (!(command.closesAt.getTime() > command.opensAt.getTime())) return reject('period_invalid');
        return [
          {
            type: 'VoteOpened',
            data: {
              voteId: command.voteId,
              title,
              semester: command.semester,
              ballots,
              opensAt: command.opensAt.toISOString(),
              closesAt: command.closesAt.toISOString(),
              openedBy: command.actorPk,
            },
          },
        ];
      }
      case 'CloseVote':
        if (state.status === 'none') return reject('notopen');
        if (state.status === 'closed') return [];
        return [
          {
            type: 'VoteClosed',
            data: { voteId: command.voteId, closedAt: now.toISOString(), closedBy: command.actorPk },
          },
        ];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'VoteOpened':
        return { status: 'opened', vote: event.data };
      case 'VoteClosed':
        return state.status === 'opened'
          ? { status: 'closed', vote: state.vote, closedAt: event.data.closedAt }
          : state;
      default:
        return state;
    }
  },
};

/** document 2, section 4: 0 closed (no vote, or not started), 1 voting, 2 results. */
export type VoteStatus = 0 | 1 | 2;

/** Where a vote stands at `now`: before its period, in it, or over (past closesAt or closed by staff). */
export function votePhase(state: VoteState, now: Date): 'none' | 'before' | 'voting' | 'over' {
  if (state.status === 'none') return 'none';
  if (state.status === 'closed') return 'over';
  if (now.getTime() < Date.parse(state.vote.opensAt)) return 'before';
  if (now.getTime() >= Date.parse(state.vote.closesAt)) return 'over';
  return 'voting';
}

export function voteStatusOf(state: VoteState, now: Date): VoteStatus {
  const phase = votePhase(state, now);
  return phase === 'voting' ? 1 : phase === 'over' ? 2 : 0;
}

/** The spec's refusal reasons (document 2, section 4), plus 'unchosen' for a ballot left empty. */
export type CastRejection = 'notopen' | 'before' | 'notmember' | 'already' | 'after' | 'unchosen';

/**
 * Whether a member may cast a vote now: `eligible` (a member of the vote's semester) and `alreadyVoted`
 * are looked up by the caller. Returns the choices to store, or the reason. The voter claim's "no stream"
 * append is what finally stops a second vote when two requests race.
 */
export function decideCast(
  state: VoteState,
  facts: { eligible: boolean; alreadyVoted: boolean; choices: readonly (BallotOption | null | undefined)[] },
  now: Date,
): { choices: BallotOption[] } | { rejected: CastRejection } {
  const phase = votePhase(state, now);
  if (phase === 'none' || state.status === 'none') return { rejected: 'notopen' };
  if (phase === 'before') return { rejected: 'before' };
  if (phase === 'over') return { rejected: 'after' };
  if (!facts.eligible) return { rejected: 'notmember' };
  if (facts.alreadyVoted) return { rejected: 'already' };
  const wanted = state.vote.ballots.length;
  const choices = facts.choices.slice(0, wanted);
  if (choices.length < wanted || choices.some((choice) => choice == null)) return { rejected: 'unchosen' };
  return { choices: choices as BallotOption[] };
}

/** The result of one ballot: how many chose each option. */
export type BallotTally = Record<BallotOption, number>;

export const emptyTally = (): BallotTally => ({ approve: 0, reject: 0, void: 0 });
