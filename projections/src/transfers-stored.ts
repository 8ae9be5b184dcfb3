// The ledger's transfers (one row per transfer, with its posting) stored in the snapshot as columns: v8
// serialisation writes every object's key names and strings again, and a club's log holds hundreds of
// thousands of transfers whose accounts, kinds and summaries repeat. The key (`{debit}/{transferId}`) and
// an empty `links` are not stored; the time is stored as epoch milliseconds. A transfer that does not fit
// the columns exactly is stored as it is, so the restored map always equals the stored one
// (ledger-stored.test.ts).
import type { Posting } from '@club/core/ledger/events';
import type { TransferRow } from './ledger.ts';
import { isEpochIsoTime, tableOf } from './stored-columns.ts';

export interface StoredTransfers {
  count: number;
  transferIds: string[];
  kindIndexes: Uint32Array;
  kinds: string[];
  debitIndexes: Uint32Array;
  creditIndexes: Uint32Array;
  /** The accounts that debitIndexes and creditIndexes point into. */
  accounts: string[];
  amountsCents: Float64Array;
  summaryIndexes: Uint32Array;
  summaries: string[];
  /** NaN for none (the system). */
  actorPks: Float64Array;
  atMs: Float64Array;
  debitPks: Float64Array;
  /** NaN for none (the credit has not arrived). */
  creditPks: Float64Array;
  /** Links of the transfers that have any, and summary codes, by index. */
  links: Array<[index: number, links: Posting['links']]>;
  summaryCodes: Array<[index: number, code: NonNullable<Posting['summaryCode']>]>;
  rowsAsTheyAre: Array<[index: number, row: TransferRow]>;
}

const POSTING_KEYS = new Set([
  'transferId',
  'kind',
  'debit',
  'credit',
  'amountCents',
  'summary',
  'summaryCode',
  'actorPk',
  'links',
]);

const fitsColumns = (row: TransferRow): boolean => {
  const { posting } = row;
  const keys = Object.keys(row);
  return (
    keys.length === 5 &&
    ['transferKey', 'posting', 'at', 'debitPk', 'creditPk'].every((key) => key in row) &&
    Object.keys(posting).every((key) => POSTING_KEYS.has(key)) &&
    Object.keys(posting).length === (posting.summaryCode === undefined ? 8 : 9) &&
    ('summaryCode' in posting ? posting.summaryCode !== undefined : true) &&
    row.transferKey === `${posting.debit}/${posting.transferId}` &&
    [posting.transferId, posting.kind, posting.debit, posting.credit, posting.summary].every(
      (value) => typeof value === 'string',
    ) &&
    typeof posting.amountCents === 'number' &&
    (posting.actorPk === null || Number.isFinite(posting.actorPk)) &&
    typeof posting.links === 'object' &&
    posting.links !== null &&
    isEpochIsoTime(row.at) &&
    Number.isFinite(row.debitPk) &&
    (row.creditPk === null || Number.isFinite(row.creditPk))
  );
};

export function storedTransfersOf(transfers: ReadonlyMap<string, TransferRow>): StoredTransfers {
  const rows = [...transfers.values()];
  const count = rows.length;
  const fits = rows.map(fitsColumns);
  const posting = (i: number): Posting | undefined => (fits[i] ? rows[i]!.posting : undefined);
  const [kindIndexes, kinds] = tableOf((i) => posting(i)?.kind ?? '', count);
  const [accountIndexes, accounts] = tableOf(
    (i) => (i < count ? (posting(i)?.debit ?? '') : (posting(i - count)?.credit ?? '')),
    2 * count,
  );
  const [summaryIndexes, summaries] = tableOf((i) => posting(i)?.summary ?? '', count);
  const stored: StoredTransfers = {
    count,
    transferIds: rows.map((row, i) => (fits[i] ? row.posting.transferId : '')),
    kindIndexes,
    kinds,
    debitIndexes: accountIndexes.slice(0, count),
    creditIndexes: accountIndexes.slice(count),
    accounts,
    amountsCents: new Float64Array(count),
    summaryIndexes,
    summaries,
    actorPks: new Float64Array(count),
    atMs: new Float64Array(count),
    debitPks: new Float64Array(count),
    creditPks: new Float64Array(count),
    links: [],
    summaryCodes: [],
    rowsAsTheyAre: [],
  };
  rows.forEach((row, i) => {
    if (!fits[i]) {
      stored.rowsAsTheyAre.push([i, row]);
      return;
    }
    stored.amountsCents[i] = row.posting.amountCents;
    stored.actorPks[i] = row.posting.actorPk ?? Number.NaN;
    stored.atMs[i] = Date.parse(row.at);
    stored.debitPks[i] = row.debitPk;
    stored.creditPks[i] = row.creditPk ?? Number.NaN;
    if (Object.keys(row.posting.links).length > 0) stored.links.push([i, row.posting.links]);
    if (row.posting.summaryCode !== undefined) stored.summaryCodes.push([i, row.posting.summaryCode]);
  });
  return stored;
}

export function transfersOfStored(stored: StoredTransfers): Map<string, TransferRow> {
  const linksByIndex = new Map(stored.links);
  const summaryCodes = new Map(stored.summaryCodes);
  const rows = new Array<TransferRow>(stored.count);
  for (let i = 0; i < stored.count; i += 1) {
    const transferId = stored.transferIds[i]!;
    const debit = stored.accounts[stored.debitIndexes[i]!]!;
    const actorPk = stored.actorPks[i]!;
    const creditPk = stored.creditPks[i]!;
    const summaryCode = summaryCodes.get(i);
    const kind = stored.kinds[stored.kindIndexes[i]!]!;
    const credit = stored.accounts[stored.creditIndexes[i]!]!;
    const amountCents = stored.amountsCents[i]!;
    const summary = stored.summaries[stored.summaryIndexes[i]!]!;
    const actor = Number.isNaN(actorPk) ? null : actorPk;
    const links = linksByIndex.get(i) ?? {};
    // Two literals rather than a spread: this runs for every transfer of the log at a warm start.
    const posting = (
      summaryCode === undefined
        ? { transferId, kind, debit, credit, amountCents, summary, actorPk: actor, links }
        : { transferId, kind, debit, credit, amountCents, summary, summaryCode, actorPk: actor, links }
    ) as Posting;
    rows[i] = {
      transferKey: `${debit}/${transferId}`,
      posting,
      at: new Date(stored.atMs[i]!).toISOString(),
      debitPk: stored.debitPks[i]!,
      creditPk: Number.isNaN(creditPk) ? null : creditPk,
    };
  }
  for (const [index, row] of stored.rowsAsTheyAre) rows[index] = row;
  const transfers = new Map<string, TransferRow>();
  for (const row of rows) transfers.set(row.transferKey, row);
  return transfers;
}
