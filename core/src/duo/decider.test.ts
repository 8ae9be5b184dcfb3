// The duo alignment decider, given/when/then.
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { type DuoCommand, duoDecider } from './decider.ts';
import type { DuoEvent } from './events.ts';

const now = new Date('2026-11-23T10:00:00Z');
const when = (given: DuoEvent[], command: DuoCommand) =>
  duoDecider.decide(command, fold(duoDecider, given), now);
const offset = (side: 'left' | 'right', x: number, y: number): DuoEvent => ({
  type: 'DuoOffsetRecorded',
  data: { projectPk: 1, s3pk: 5, side, offset: { x, y }, source: 'photo', byPk: 7 },
});
const record = (side: 'left' | 'right', y: number): DuoCommand => ({
  type: 'RecordOffset',
  projectPk: 1,
  s3pk: 5,
  side,
  offset: { x: 0.5, y },
  source: 'photo',
  byPk: 7,
});
const request: DuoCommand = { type: 'RequestAdjustment', projectPk: 1, s3pk: 5, jobId: 'duo-1-5-a', byPk: 7 };

describe('duo alignment decider', () => {
  it('records an offset below 8.96 mm and refuses one at 8.96 mm: paper placed too far out', () => {
    expect(when([], record('left', 8.95))).toEqual([
      {
        type: 'DuoOffsetRecorded',
        data: { projectPk: 1, s3pk: 5, side: 'left', offset: { x: 0.5, y: 8.95 }, source: 'photo', byPk: 7 },
      },
    ]);
    expect(when([], record('left', 8.96))).toEqual({ rejected: 'tooFarOut' });
  });

  it('an offset recorded again unchanged appends nothing', () => {
    expect(when([offset('left', 0.5, 2)], record('left', 2))).toEqual([]);
  });

  it('asking for the adjustment before both photos are analysed: needPhotoAnalysis', () => {
    expect(when([], request)).toEqual({ rejected: 'needPhotoAnalysis' });
    expect(when([offset('left', 1, 2)], request)).toEqual({ rejected: 'needPhotoAnalysis' });
  });

  it('with both sides, the request carries the offsets; a second job waits for the first', () => {
    const given = [offset('left', 1, 2), offset('right', -1, 3)];
    expect(when(given, request)).toEqual([
      {
        type: 'DuoAdjustmentRequested',
        data: {
          projectPk: 1,
          s3pk: 5,
          jobId: 'duo-1-5-a',
          byPk: 7,
          left: { x: 1, y: 2 },
          right: { x: -1, y: 3 },
        },
      },
    ]);
    const running = [...given, ...(when(given, request) as DuoEvent[])];
    expect(when(running, request)).toEqual([]);
    expect(when(running, { ...request, jobId: 'duo-1-5-b' })).toEqual({ rejected: 'running' });
  });

  it('the result is recorded once, for the running job only', () => {
    const given = [offset('left', 1, 2), offset('right', -1, 3)];
    const running = [...given, ...(when(given, request) as DuoEvent[])];
    const written: DuoCommand = {
      type: 'RecordWritten',
      jobId: 'duo-1-5-a',
      filePk: 40,
      finalsize: { width: 2470, height: 3508 },
      stretch: 1.004,
    };
    const events = when(running, written) as DuoEvent[];
    expect(events).toHaveLength(1);
    expect(fold(duoDecider, [...running, ...events]).adjustment).toMatchObject({
      status: 'done',
      filePk: 40,
    });
    expect(when([...running, ...events], written)).toEqual([]);
    expect(when(running, { ...written, jobId: 'other' })).toEqual([]);
  });
});
