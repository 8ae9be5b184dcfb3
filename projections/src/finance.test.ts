// The finance read model keeps per-semester figures instead of the journal lines: given money events,
// its figures must equal those computed from the lines themselves (journalLineOf, as the export reads
// them), and its bounds must find every line of a semester in the log.
import { addLine, type JournalLine, journalLineOf, type TotalsByAccount } from '@club/core/finance/books';
import type { RecordedEvent } from '@club/core/eventstore/port';
import { describe, expect, it } from 'vitest';
import { financeProjection } from './finance.ts';

let position = 0;
/** A money event; `at` decides the semester (115-1 from August 2026, 115-2 from February 2027). */
function money(
  type: 'TransferDebited' | 'TransferCredited',
  at: string,
  debit: string,
  credit: string,
  amountCents: number,
  stockDelta?: { stockPk: number; kind: 1 | 2 | 3 },
): RecordedEvent {
  position += 3; // positions are opaque: not consecutive
  const posting = {
    transferId: `t${position}`,
    kind: 'transfer',
    debit,
    credit,
    amountCents,
    summary: 's',
    actorPk: null,
    links: stockDelta ? { stockDelta: { ...stockDelta, delta: 1 } } : {},
  };
  return {
    id: `e${position}`,
    type,
    stream: `account-${type === 'TransferDebited' ? debit : credit}`,
    revision: 0,
    position,
    data: { transferKey: `${debit}/t${position}`, posting, at, fingerprint: '', balanceAfterCents: 0 },
    metadata: { time: at },
  } as unknown as RecordedEvent;
}

const login = (): RecordedEvent => {
  position += 1;
  return { id: `l${position}`, type: 'LoginAttempted', position } as unknown as RecordedEvent;
};

describe('the finance read model', () => {
  it('keeps per semester the totals, line counts and stock items that the journal lines add up to', () => {
    const autumn = '2026-12-01T02:00:00.000Z';
    const spring = '2027-03-01T02:00:00.000Z';
    const log = [
      login(),
      money('TransferDebited', autumn, '101', '4', 5000, { stockPk: 7, kind: 2 }),
      money('TransferCredited', autumn, '101', '4', 5000, { stockPk: 7, kind: 2 }),
      money('TransferDebited', autumn, '4', '13', 2000, { stockPk: 8, kind: 1 }),
      login(),
      money('TransferDebited', spring, '102', '20', 300, { stockPk: 9, kind: 2 }),
      // The credit of an autumn transfer arriving after spring's first line still belongs to autumn.
      money('TransferCredited', autumn, '4', '13', 2000, { stockPk: 8, kind: 1 }),
      money('TransferDebited', spring, '4', '102', 100, { stockPk: 7, kind: 2 }),
      money('TransferCredited', spring, '102', '20', 300, { stockPk: 9, kind: 2 }),
      money('TransferDebited', spring, '4', '13', 50, { stockPk: 7, kind: 3 }),
      login(),
    ];
    let model = financeProjection.initial();
    for (const event of log)
      if (financeProjection.handles.has(event.type)) model = financeProjection.evolve(model, event);

    for (const tag of ['115-1', '115-2']) {
      const semester = model.semesters.get(tag)!;
      // What the export reads: the log between the bounds, the lines of this semester.
      const lines = log
        .filter((event) => event.position > semester.readAfterPosition)
        .filter((event) => event.position <= semester.lastLinePosition)
        .map(journalLineOf)
        .filter((line): line is JournalLine => line?.semester === tag);
      const everyLine = log.map(journalLineOf).filter((line) => line?.semester === tag);
      expect(lines).toEqual(everyLine);
      expect(semester.lineCount).toBe(lines.length);

      const totals: TotalsByAccount = new Map();
      const counts = new Map<string, number>();
      const items = new Map<number, { account: string; salesCents: number; purchasesCents: number }>();
      for (const line of lines) {
        addLine(totals, line);
        counts.set(line.account, (counts.get(line.account) ?? 0) + 1);
        if (line.stockPk === null || !['4', '20', '2861'].includes(line.account)) continue;
        const item = items.get(line.stockPk) ?? { account: line.account, salesCents: 0, purchasesCents: 0 };
        if (line.stockKind === 2) item.salesCents += line.creditCents - line.debitCents;
        if (line.stockKind === 1) item.purchasesCents += line.debitCents - line.creditCents;
        items.set(line.stockPk, item);
      }
      expect(semester.totals).toEqual(totals);
      expect(semester.lineCountByAccount).toEqual(counts);
      expect([...semester.stockItems]).toEqual([...items]);
    }
    expect(model.semesters.get('115-1')!.stockItems.get(7)).toEqual({
      account: '4',
      salesCents: 5000,
      purchasesCents: 0,
    });
    expect(model.semesters.get('115-2')!.stockItems.get(7)).toEqual({
      account: '4',
      salesCents: -100,
      purchasesCents: 0,
    });
  });
});
