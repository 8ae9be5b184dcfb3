// Given these events, when this command, then these events or this rejection.
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { type RequestLabelPrint, labelDayDecider } from './decider.ts';
import type { LabelEvent } from './events.ts';

const now = new Date('2026-11-22T04:00:00Z');
const request = (
  printId: string,
  quantity: number,
  kind: RequestLabelPrint['kind'] = 'user',
): RequestLabelPrint => ({
  type: 'RequestLabelPrint',
  printId,
  userPk: 101,
  kind,
  target: 'U00101',
  quantity,
  image: 'data:image/png;base64,AA==',
  location: 'ntup',
  simple: false,
  fingerprint: `fp-${printId}-${quantity}`,
});

function run(given: LabelEvent[], command: Parameters<typeof labelDayDecider.decide>[0]) {
  return labelDayDecider.decide(command, fold(labelDayDecider, given), now);
}

function requested(printId: string, quantity: number, chargeCents = 0): LabelEvent {
  const { type: _type, ...data } = request(printId, quantity);
  return { type: 'LabelPrintRequested', data: { ...data, chargeCents } };
}

describe('labelDayDecider', () => {
  it('prints the first 10 user sheets of the day free and charges the rest', () => {
    expect(run([], request('p1', 10))).toEqual([requested('p1', 10, 0)]);
    expect(run([requested('p1', 10)], request('p2', 3))).toEqual([requested('p2', 3, 150)]);
    expect(run([requested('p1', 8)], request('p2', 4))).toEqual([requested('p2', 4, 100)]);
  });

  it('gives the sheets of a refused or failed print back to the allowance', () => {
    const failed: LabelEvent = {
      type: 'LabelPrintFinished',
      data: { printId: 'p1', done: false, result: 'out of labels', finishedAt: now.toISOString() },
    };
    const refused: LabelEvent = { type: 'LabelPrintRefused', data: { printId: 'p1', reason: 'servicedown' } };
    expect(run([requested('p1', 10), failed], request('p2', 10))).toEqual([requested('p2', 10, 0)]);
    expect(run([requested('p1', 10), refused], request('p2', 10))).toEqual([requested('p2', 10, 0)]);
    const done: LabelEvent = { ...failed, data: { ...failed.data, done: true, result: 'ok' } };
    expect(run([requested('p1', 10), done], request('p2', 1))).toEqual([requested('p2', 1, 50)]);
  });

  it('treats a repeated request as a no-op and other content under the same id as a mismatch', () => {
    expect(run([requested('p1', 2)], request('p1', 2))).toEqual([]);
    expect(run([requested('p1', 2)], request('p1', 3))).toEqual({ rejected: 'mismatch' });
  });

  it('finishes a print once', () => {
    const finish = {
      type: 'FinishLabelPrint' as const,
      printId: 'p1',
      done: true,
      result: 'ok',
      finishedAt: 'x',
    };
    expect(run([requested('p1', 2)], finish)).toEqual([
      { type: 'LabelPrintFinished', data: { printId: 'p1', done: true, result: 'ok', finishedAt: 'x' } },
    ]);
    expect(
      run(
        [requested('p1', 2), { type: 'LabelPrintFinished', data: { ...finish, type: undefined } } as never],
        finish,
      ),
    ).toEqual([]);
    expect(run([], finish)).toEqual({ rejected: 'notfound' });
  });

  it('does not count other kinds', () => {
    const stock = request('p1', 100, 'stock');
    const { type: _type, ...data } = stock;
    expect(run([], stock)).toEqual([{ type: 'LabelPrintRequested', data: { ...data, chargeCents: 0 } }]);
    expect(
      run([{ type: 'LabelPrintRequested', data: { ...data, chargeCents: 0 } }], request('p2', 10)),
    ).toEqual([requested('p2', 10, 0)]);
  });
});
