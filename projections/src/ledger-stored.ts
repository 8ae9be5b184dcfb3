// The ledger model's stored form for the snapshot. Every transaction row (LedgerEntry) repeats its
// transfer's key, time, posting and accounts, and v8 serialisation writes each of those again per row
// (with every key name), which made the ledger 207 of the 430 MiB snapshot of the 1M-event log and most of
// its load time. Stored, a row is its transfer's index and its own numbers; it is rebuilt from the
// transfer. A row that does not follow from its transfer that way (not seen in a sound log) is stored as
// it is, so the restored model always equals the stored one (ledger-stored.test.ts, snapshot.int.test.ts).
// The transfers themselves are stored as columns (transfers-stored.ts).
import { isDeepStrictEqual } from 'node:util';
import { defineOnFirstUse } from './first-use.ts';
import type { LedgerEntry, LedgerModel, TransferRow } from './ledger.ts';
import { type StoredTransfers, storedTransfersOf, transfersOfStored } from './transfers-stored.ts';

export interface StoredLedger {
  balances: LedgerModel['balances'];
  transfers: StoredTransfers;
  inFlightCents: number;
  memberships: LedgerModel['memberships'];
  /** Every row in log order: its pk, the other side's pk (-1 for none) and the balance after it. */
  entryPks: Float64Array;
  entrySympks: Float64Array;
  entryBalancesAfter: Float64Array;
  /** Per row, the index of its transfer in `transfers`, or -1 - i for `rowsAsTheyAre[i]`. */
  entryTransfers: Int32Array;
  rowsAsTheyAre: LedgerEntry[];
}

/** The row that the debit (or credit) side of `transfer` gives, with the row's own numbers. */
function rowOf(
  transfer: TransferRow,
  pk: number,
  sympk: number | null,
  balanceAfterCents: number,
): LedgerEntry {
  const { posting } = transfer;
  const debit = pk === transfer.debitPk;
  return {
    pk,
    sympk,
    transferKey: transfer.transferKey,
    account: debit ? posting.debit : posting.credit,
    otherAccount: debit ? posting.credit : posting.debit,
    deltaCents: debit ? -posting.amountCents : posting.amountCents,
    balanceAfterCents,
    at: transfer.at,
    posting,
  };
}

export function storedLedgerOf(model: LedgerModel): StoredLedger {
  const transferIndex = new Map<string, number>();
  for (const key of model.transfers.keys()) transferIndex.set(key, transferIndex.size);
  const count = model.entryByPk.size;
  const stored: StoredLedger = {
    balances: model.balances,
    transfers: storedTransfersOf(model.transfers),
    inFlightCents: model.inFlightCents,
    memberships: model.memberships,
    entryPks: new Float64Array(count),
    entrySympks: new Float64Array(count),
    entryBalancesAfter: new Float64Array(count),
    entryTransfers: new Int32Array(count),
    rowsAsTheyAre: [],
  };
  let i = 0;
  for (const entry of model.entryByPk.values()) {
    stored.entryPks[i] = entry.pk;
    stored.entrySympks[i] = entry.sympk ?? -1;
    stored.entryBalancesAfter[i] = entry.balanceAfterCents;
    const transfer = model.transfers.get(entry.transferKey);
    const index = transferIndex.get(entry.transferKey);
    const followsFromTransfer =
      transfer !== undefined &&
      index !== undefined &&
      (entry.pk === transfer.debitPk || entry.pk === transfer.creditPk) &&
      isDeepStrictEqual(entry, rowOf(transfer, entry.pk, entry.sympk, entry.balanceAfterCents));
    if (followsFromTransfer) stored.entryTransfers[i] = index;
    else {
      stored.entryTransfers[i] = -1 - stored.rowsAsTheyAre.length;
      stored.rowsAsTheyAre.push(entry);
    }
    i += 1;
  }
  return stored;
}

/**
 * The model with its balances, memberships and money in flight at once, and its rows (transfers, entries by
 * pk and by account) restored together at the first read of any of them: a member's check needs only the
 * balances, and rebuilding the rows is most of the ledger's restore.
 */
export function ledgerOfStored(stored: StoredLedger): LedgerModel {
  const model = { balances: stored.balances } as LedgerModel;
  let rows: RestoredRows | undefined;
  for (const key of ['entriesByAccount', 'entryByPk', 'transfers', 'awaitingCredit'] as const)
    defineOnFirstUse(model, key, () => {
      rows ??= rowsOfStored(stored);
      return rows[key];
    });
  model.inFlightCents = stored.inFlightCents;
  model.memberships = stored.memberships;
  return model;
}

type RestoredRows = Pick<LedgerModel, 'entriesByAccount' | 'entryByPk' | 'transfers' | 'awaitingCredit'>;

function rowsOfStored(stored: StoredLedger): RestoredRows {
  const transfersByKey = transfersOfStored(stored.transfers);
  const transfers = [...transfersByKey.values()];
  const model: RestoredRows = {
    entriesByAccount: new Map(),
    entryByPk: new Map(),
    transfers: transfersByKey,
    // Not stored: it follows from the transfers (those without a credit, in the order they were debited).
    awaitingCredit: new Map(
      transfers.filter((row) => row.creditPk === null).map((row) => [row.transferKey, row]),
    ),
  };
  for (let i = 0; i < stored.entryPks.length; i += 1) {
    const index = stored.entryTransfers[i]!;
    const sympk = stored.entrySympks[i]!;
    const entry =
      index >= 0
        ? rowOf(
            transfers[index]!,
            stored.entryPks[i]!,
            sympk === -1 ? null : sympk,
            stored.entryBalancesAfter[i]!,
          )
        : stored.rowsAsTheyAre[-1 - index]!;
    model.entryByPk.set(entry.pk, entry);
    const entries = model.entriesByAccount.get(entry.account);
    if (entries) entries.push(entry);
    else model.entriesByAccount.set(entry.account, [entry]);
  }
  return model;
}
