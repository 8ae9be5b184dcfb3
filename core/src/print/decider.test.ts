// Given these events, when this command, then these events or this refusal.
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { type PrintCommand, printProjectDecider } from './decider.ts';
import type { PrintEvent } from './events.ts';
import { defaultImpositionSettings } from './settings.ts';

const now = new Date('2026-11-23T04:00:00.000Z');
const settings = defaultImpositionSettings();
const created: PrintEvent = {
  type: 'PrintProjectCreated',
  data: { pk: 3, title: 'Zine', ownerPk: 101, settings, createdAt: now.toISOString() },
};
const owner = { pk: 101, isStaff: false };
const stranger = { pk: 102, isStaff: false };
const staff = { pk: 1, isStaff: true };
const queue = (actor = owner, jobId = 'imp-3-a'): PrintCommand => ({
  type: 'QueueImposition',
  actor,
  jobId,
  method: 'roll',
  s3pklist: [],
  demoOnly: true,
  settings,
});
const decide = (given: PrintEvent[], command: PrintCommand) =>
  printProjectDecider.decide(command, fold(printProjectDecider, given), now);
const run = (given: PrintEvent[], command: PrintCommand): PrintEvent[] => {
  const events = decide(given, command);
  if (!Array.isArray(events)) throw new Error(`rejected ${events.rejected}`);
  return [...given, ...events];
};

describe('print project decider', () => {
  it('creates once', () => {
    expect(decide([created], { type: 'CreateProject', pk: 3, title: 'x', ownerPk: 101, settings })).toEqual({
      rejected: 'already',
    });
  });

  it('saves for the owner or staff only', () => {
    const save = (actor: typeof owner): PrintCommand => ({
      type: 'SaveProject',
      actor,
      title: 'New',
      settings,
    });
    expect(decide([created], save(stranger))).toEqual({ rejected: 'forbidden' });
    const state = fold(printProjectDecider, run([created], save(staff)));
    expect(state.status === 'active' && state.project.title).toBe('New');
  });

  it('refuses a second imposition while one runs, and accepts one after it ended', () => {
    const queued = run([created], queue());
    expect(decide(queued, queue(owner, 'imp-3-b'))).toEqual({ rejected: 'running' });
    expect(decide([created], queue(stranger))).toEqual({ rejected: 'forbidden' });
    const progressed = run(queued, {
      type: 'RecordProgress',
      jobId: 'imp-3-a',
      percent: 40,
      text: 'sheet 1',
    });
    expect(decide(progressed, queue(owner, 'imp-3-b'))).toEqual({ rejected: 'running' });
    const ended = run(progressed, {
      type: 'FinishImposition',
      jobId: 'imp-3-a',
      results: [{ key: 'print/3/a.pdf', filename: 'a.pdf', size: 10, sheets: 1 }],
      text: 'done',
    });
    const state = fold(printProjectDecider, ended);
    expect(state.status === 'active' && state.project.lastlog).toEqual({
      status: 'end',
      progresspercent: 100,
      progresstext: 'done',
      jobId: 'imp-3-a',
    });
    expect(Array.isArray(decide(ended, queue(owner, 'imp-3-b')))).toBe(true);
  });

  it('drops reports of a job that is not the running one', () => {
    const queued = run([created], queue());
    expect(decide(queued, { type: 'RecordProgress', jobId: 'other', percent: 10, text: '' })).toEqual({
      rejected: 'stale',
    });
    const failed = run(queued, { type: 'FailImposition', jobId: 'imp-3-a', text: 'boom' });
    expect(decide(failed, { type: 'FinishImposition', jobId: 'imp-3-a', results: [], text: '' })).toEqual({
      rejected: 'stale',
    });
    const state = fold(printProjectDecider, failed);
    expect(state.status === 'active' && state.project.lastlog.status).toBe('error');
  });
});
