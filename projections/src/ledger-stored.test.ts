// The ledger's stored form must give back the model it was made from, through v8 serialisation as the
// snapshot writes it: rows rebuilt from their transfers, and rows that do not follow from one kept as
// they are.
import type { RecordedEvent } from '@club/core/eventstore/port';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ledgerProjection } from './ledger.ts';
import { waitsForFirstUse } from './first-use.ts';
import { ledgerOfStored, type StoredLedger, storedLedgerOf } from './ledger-stored.ts';

let position = 10;
const at = '2026-11-20T03:00:00.000Z';
const posting = (transferId: string, debit: string, credit: string, amountCents: number) => ({
  transferId,
  kind: 'transfer',
  debit,
  credit,
  amountCents,
  summary: `轉帳 ${transferId}`,
  actorPk: 101,
  links: { stockDelta: { stockPk: 3, kind: 2, delta: -1 } },
});
function side(
  type: 'TransferDebited' | 'TransferCredited',
  transferKey: string,
  data: ReturnType<typeof posting>,
  balanceAfterCents: number,
): RecordedEvent {
  position += 2;
  return {
    id: `e${position}`,
    type,
    stream: `account-${type === 'TransferDebited' ? data.debit : data.credit}`,
    revision: 0,
    position,
    // Each event parsed on its own: the credit's posting is an equal object, not the debit's.
    data: structuredClone({ transferKey, posting: data, at, fingerprint: 'f', balanceAfterCents }),
    metadata: { time: at },
  } as unknown as RecordedEvent;
}

describe('the ledger model stored in the snapshot', () => {
  it('restores an equal model, with rows that do not follow from their transfer kept as they are', () => {
    const a = posting('a', '101', '102', 500);
    const b = posting('b', '102', '4', 120);
    const c = posting('c', '101', '13', 50);
    const events = [
      side('TransferDebited', '101/a', a, 1000),
      side('TransferDebited', '102/b', b, 0),
      side('TransferCredited', '101/a', a, 500),
      // A credit whose posting differs from its debit's: not rebuilt from the transfer.
      side('TransferCredited', '102/b', { ...b, summary: 'other' }, 120),
      // In flight: no credit yet.
      side('TransferDebited', '101/c', c, 950),
      // A credit of a transfer the model never saw debited.
      side('TransferCredited', '109/x', posting('x', '109', '101', 70), 1020),
      // By the system, with a summary code and no links; and a key that is not `{debit}/{transferId}`.
      side(
        'TransferDebited',
        '13/d',
        { ...posting('d', '13', '101', 30), actorPk: null, links: {}, summaryCode: { code: 'x' } } as never,
        -30,
      ),
      side('TransferDebited', 'odd-key', posting('e', '101', '102', 10), 1010),
    ];
    let model = ledgerProjection.initial();
    for (const event of events) model = ledgerProjection.evolve(model, event);

    const stored = deserialize(serialize(storedLedgerOf(model))) as StoredLedger;
    expect(stored.rowsAsTheyAre.map((row) => row.pk)).toEqual([events[3]!.position, events[5]!.position]);
    expect(stored.transfers.rowsAsTheyAre.map(([, row]) => row.transferKey)).toEqual(['odd-key']);
    expect(stored.transfers.summaryCodes).toHaveLength(1);
    const restored = ledgerOfStored(stored);
    // Balances at once; the rows wait for their first use, and the others then share the rows restored.
    expect(restored.balances).toEqual(model.balances);
    expect(
      ['transfers', 'entryByPk', 'entriesByAccount', 'awaitingCredit'].map((key) =>
        waitsForFirstUse(restored, key),
      ),
    ).toEqual([true, true, true, true]);
    expect(restored.entryByPk.size).toBe(model.entryByPk.size);
    expect(
      ['transfers', 'entryByPk', 'entriesByAccount', 'awaitingCredit'].map((key) =>
        waitsForFirstUse(restored, key),
      ),
    ).toEqual([true, false, true, true]);
    expect(restored).toEqual(model);
    expect([...restored.entriesByAccount.keys()]).toEqual([...model.entriesByAccount.keys()]);
    expect(restored.entriesByAccount.get('101')!.map((row) => row.pk)).toEqual(
      model.entriesByAccount.get('101')!.map((row) => row.pk),
    );
    // The transfers still awaiting their credit, in the order debited, are the transfers' own objects.
    expect([...model.awaitingCredit.keys()]).toEqual(['101/c', '13/d', 'odd-key']);
    expect([...restored.awaitingCredit.keys()]).toEqual(['101/c', '13/d', 'odd-key']);
    expect(restored.awaitingCredit.get('101/c')).toBe(restored.transfers.get('101/c'));
    // The index and the per-account lists hold the same row objects, as evolve leaves them.
    const first = restored.entriesByAccount.get('101')![0]!;
    expect(restored.entryByPk.get(first.pk)).toBe(first);
    expect(first.sympk).toBe(events[2]!.position);
  });
});
