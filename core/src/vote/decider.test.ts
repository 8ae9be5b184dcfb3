import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { decideCast, voteDecider, voteStatusOf } from './decider.ts';
import type { VoteOpened } from './events.ts';

const opensAt = new Date('2026-11-23T01:00:00Z');
const closesAt = new Date('2026-11-23T10:00:00Z');
const open = {
  type: 'OpenVote' as const,
  voteId: 'v1',
  title: '社長選舉',
  semester: '115-1',
  ballots: [
    { title: '王小明', kind: 'candidate' as const },
    { title: '修改社規', kind: 'motion' as const },
  ],
  opensAt,
  closesAt,
  actorPk: 3,
};
const opened = fold(
  voteDecider,
  voteDecider.decide(open, voteDecider.initialState(), opensAt) as VoteOpened[],
);
const during = new Date('2026-11-23T05:00:00Z');
const facts = { eligible: true, alreadyVoted: false, choices: ['approve', 'void'] as const };

describe('vote decider', () => {
  it('refuses an empty title, no ballot, three ballots and a backwards period', () => {
    const none = voteDecider.initialState();
    expect(voteDecider.decide({ ...open, title: ' ' }, none, opensAt)).toEqual({
      rejected: 'title_required',
    });
    expect(voteDecider.decide({ ...open, ballots: [] }, none, opensAt)).toEqual({
      rejected: 'ballots_invalid',
    });
    expect(
      voteDecider.decide({ ...open, ballots: [...open.ballots, open.ballots[0]!] }, none, opensAt),
    ).toEqual({
      rejected: 'ballots_invalid',
    });
    expect(voteDecider.decide({ ...open, closesAt: opensAt }, none, opensAt)).toEqual({
      rejected: 'period_invalid',
    });
  });

  it('gives votestatus 0 before, 1 during, 2 after the period and once closed', () => {
    expect(voteStatusOf(voteDecider.initialState(), during)).toBe(0);
    expect(voteStatusOf(opened, new Date(opensAt.getTime() - 1))).toBe(0);
    expect(voteStatusOf(opened, during)).toBe(1);
    expect(voteStatusOf(opened, closesAt)).toBe(2);
    const closed = fold(voteDecider, [
      ...(voteDecider.decide(open, voteDecider.initialState(), opensAt) as VoteOpened[]),
      { type: 'VoteClosed', data: { voteId: 'v1', closedAt: during.toISOString(), closedBy: 3 } },
    ]);
    expect(voteStatusOf(closed, during)).toBe(2);
  });
});

describe('decideCast', () => {
  it('takes one choice per ballot in the period', () => {
    expect(decideCast(opened, facts, during)).toEqual({ choices: ['approve', 'void'] });
  });

  it('answers the spec reasons: notopen, before, after, notmember, already', () => {
    expect(decideCast(voteDecider.initialState(), facts, during)).toEqual({ rejected: 'notopen' });
    expect(decideCast(opened, facts, new Date(opensAt.getTime() - 1))).toEqual({ rejected: 'before' });
    expect(decideCast(opened, facts, closesAt)).toEqual({ rejected: 'after' });
    expect(decideCast(opened, { ...facts, eligible: false }, during)).toEqual({ rejected: 'notmember' });
    expect(decideCast(opened, { ...facts, alreadyVoted: true }, during)).toEqual({ rejected: 'already' });
  });

  it('refuses a ballot left unchosen', () => {
    expect(decideCast(opened, { ...facts, choices: ['approve', null] }, during)).toEqual({
      rejected: 'unchosen',
    });
    expect(decideCast(opened, { ...facts, choices: ['approve'] }, during)).toEqual({ rejected: 'unchosen' });
  });
});
