// The staff cash read model: numbered cash pouches and their counting (AdminDeposit, the pocketNeedDeposit
// staff warning), and the member fees and workshop deposits staff took in cash (AdminReceiveMemberFee's
// list of today's collections and its receipts).
//
// Pouch flags as the deposit screen shows them (document 3 leaves the values open; docs/api.md):
//   0  registered, not used yet (an empty pouch on the shelf)
//   1  used by a member (credited at once), waiting to be counted
//   2  counted in the open batch, waiting for the batch to be committed
// A pouch whose batch was committed is done: the cash is in the club's cash box and it leaves the list.
import type { Due, Posting, TransferDebited } from '@club/core/ledger/events';
import { dueKeyOf, dueOfLinks } from '@club/core/ledger/events';
import { type SummaryCode, summaryCodeOf, type TypedSummary } from '@club/core/ledger/summary-text';
import type { RecordedEvent } from '@club/core/eventstore/port';
import type { Projection } from './runner.ts';

export const PouchFlags = { unused: 0, used: 1, counted: 2 } as const;
export type PouchFlag = (typeof PouchFlags)[keyof typeof PouchFlags];

export interface PouchRow {
  barcode: string;
  registeredAt: string;
  /** Who registered it (null for the system). */
  registeredBy: number | null;
  /** The member's top-up with this pouch, once used. */
  use: { userPk: number; amountCents: number; at: string } | null;
  /** The staff count, once scanned; `committed` once its batch was committed. */
  count: {
    batchNo: number;
    countedCents: number;
    forced: boolean;
    staffPk: number;
    at: string;
    committed: boolean;
  } | null;
}

/** One due that staff took in cash: a member fee or a workshop deposit, one row per transfer. */
export interface FeeCollectionRow {
  /** Global position of the debit of the staff member's cash account: the transaction's pk. */
  pk: number;
  transferKey: string;
  /** The collection (one 'pay' of the fee screen) this due belongs to: rows sharing it form one receipt. */
  collectionId: string;
  /** The staff member whose cash took it (pk 1 is the operator, see api/src/bootstrap.ts). */
  staffPk: number;
  payerPk: number;
  due: Due;
  amountCents: number;
  summary: string;
  /** The summary's code (stored, or recognised from an old text), rendered in the reader's language. */
  summaryCode: SummaryCode | TypedSummary;
  at: string;
  /** Refunded since (AdminTransDetail with the cancel option). */
  refunded: boolean;
}

export interface CashModel {
  pouches: Map<string, PouchRow>;
  /** Pouches ever registered, ever used, and used but not yet in a committed batch. */
  pouchTotal: number;
  pouchUsed: number;
  pouchAwaitingDeposit: number;
  /** Barcodes counted per batch, so a commit can close them. */
  batches: Map<number, string[]>;
  /** The batch that scans currently go to. */
  openBatchNo: number;
  collectionsByStaff: Map<number, FeeCollectionRow[]>;
  collectionsByTransferKey: Map<string, FeeCollectionRow>;
}

const STAFF_CASH_PREFIX = 'cash-';

/** The claim id of a dues transfer: its transferId is `due:{payerPk}:{claimId}:{dueKey}`. */
function collectionIdOf(posting: Posting, payerPk: number, due: Due): string {
  const prefix = `due:${payerPk}:`;
  const suffix = `:${dueKeyOf(due)}`;
  const { transferId } = posting;
  if (!transferId.startsWith(prefix) || !transferId.endsWith(suffix)) return transferId;
  return transferId.slice(prefix.length, transferId.length - suffix.length);
}

function collectionOf(event: RecordedEvent): FeeCollectionRow | null {
  const data = event.data as TransferDebited['data'];
  const { posting } = data;
  if (posting.kind !== 'memberfee' && posting.kind !== 'workshop_deposit') return null;
  // Self-payment debits the member's own account; only staff cash collections are listed here.
  if (!posting.debit.startsWith(STAFF_CASH_PREFIX)) return null;
  const owner = dueOfLinks(posting.links);
  if (!owner) return null;
  return {
    pk: event.position,
    transferKey: data.transferKey,
    collectionId: collectionIdOf(posting, owner.userPk, owner.due),
    staffPk: Number(posting.debit.slice(STAFF_CASH_PREFIX.length)),
    payerPk: owner.userPk,
    due: owner.due,
    amountCents: posting.amountCents,
    summary: posting.summary,
    summaryCode: summaryCodeOf(posting),
    at: data.at,
    refunded: false,
  };
}

export const cashProjection: Projection<CashModel> = {
  handles: new Set([
    'PouchRegistered',
    'PouchUsed',
    'PouchCounted',
    'DepositCommitted',
    'TransferDebited',
    'DueRefunded',
  ]),
  initial: () => ({
    pouches: new Map(),
    pouchTotal: 0,
    pouchUsed: 0,
    pouchAwaitingDeposit: 0,
    batches: new Map(),
    openBatchNo: 1,
    collectionsByStaff: new Map(),
    collectionsByTransferKey: new Map(),
  }),
  evolve(model, event) {
    switch (event.type) {
      case 'PouchRegistered': {
        const data = event.data as { barcode: string; actorPk: number | null; at: string };
        if (model.pouches.has(data.barcode)) return model;
        model.pouches.set(data.barcode, {
          barcode: data.barcode,
          registeredAt: data.at,
          registeredBy: data.actorPk,
          use: null,
          count: null,
        });
        model.pouchTotal += 1;
        return model;
      }
      case 'PouchUsed': {
        const data = event.data as { barcode: string; userPk: number; amountCents: number; at: string };
        const pouch = model.pouches.get(data.barcode);
        if (!pouch || pouch.use) return model;
        pouch.use = { userPk: data.userPk, amountCents: data.amountCents, at: data.at };
        model.pouchUsed += 1;
        model.pouchAwaitingDeposit += 1;
        return model;
      }
      case 'PouchCounted': {
        const data = event.data as {
          batchNo: number;
          barcode: string;
          countedCents: number;
          forced: boolean;
          staffPk: number;
          at: string;
        };
        const pouch = model.pouches.get(data.barcode);
        if (pouch) {
          pouch.count = {
            batchNo: data.batchNo,
            countedCents: data.countedCents,
            forced: data.forced,
            staffPk: data.staffPk,
            at: data.at,
            committed: false,
          };
        }
        const batch = model.batches.get(data.batchNo);
        if (batch) batch.push(data.barcode);
        else model.batches.set(data.batchNo, [data.barcode]);
        model.openBatchNo = data.batchNo;
        return model;
      }
      case 'DepositCommitted': {
        const { batchNo } = event.data as { batchNo: number };
        for (const barcode of model.batches.get(batchNo) ?? []) {
          const count = model.pouches.get(barcode)?.count;
          if (count && !count.committed) {
            count.committed = true;
            model.pouchAwaitingDeposit -= 1;
          }
        }
        model.openBatchNo = batchNo + 1;
        return model;
      }
      case 'TransferDebited': {
        const row = collectionOf(event);
        if (!row) return model;
        const rows = model.collectionsByStaff.get(row.staffPk);
        if (rows) rows.push(row);
        else model.collectionsByStaff.set(row.staffPk, [row]);
        model.collectionsByTransferKey.set(row.transferKey, row);
        return model;
      }
      case 'DueRefunded': {
        const { transferKey } = event.data as { transferKey: string };
        const row = model.collectionsByTransferKey.get(transferKey);
        if (row) row.refunded = true;
        return model;
      }
      default:
        return model;
    }
  },
};

/** The pouch's flag on the deposit screen, or null once its batch was committed (see the header). */
export function pouchFlag(pouch: PouchRow): PouchFlag | null {
  if (pouch.count?.committed) return null;
  if (pouch.count) return PouchFlags.counted;
  if (pouch.use) return PouchFlags.used;
  return PouchFlags.unused;
}

/** The fee collections of one staff member, oldest first. */
export const collectionsBy = (model: CashModel, staffPk: number): readonly FeeCollectionRow[] =>
  model.collectionsByStaff.get(staffPk) ?? [];

/** Every row of one collection (one receipt), in the order the dues were paid. */
export function collectionRows(model: CashModel, staffPk: number, collectionId: string): FeeCollectionRow[] {
  return collectionsBy(model, staffPk).filter((row) => row.collectionId === collectionId);
}
