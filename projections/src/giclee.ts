// The giclee read model (AdminGicleeJobHistory, AdminP6000Stat, gicleePrintingDue): every printer job with
// its staff edits and its payment link, and the printer's reachability and ink levels. A job counts as paid
// while a transfer links it (a giclee paper sale, links.gicleeJob) and no refund has cleared that link.
import type { GicleeJobEvent, GicleePrinterEvent, PrinterFacts } from '@club/core/giclee/events';
import { gicleeEventTypes } from '@club/core/giclee/events';
import type { InkAmounts } from '@club/core/giclee/report';
import type { Posting } from '@club/core/ledger/events';
import { transferKeyOf } from '@club/core/ledger/events';
import type { Projection } from './runner.ts';

export interface GicleePayment {
  transferKey: string;
  /** The payer's debit entry (its global position): the pk AdminTransDetail opens. */
  transPk: number;
  /** The stock delta the sale recorded on the paper (deltaId on stock-{stockPk}). */
  deltaId: string;
  stockPk: number;
  delta: number;
  amountCents: number;
  payerPk: number;
  at: string;
}

export interface GicleeJobRow extends PrinterFacts {
  pk: number;
  paperStockPk: number | null;
  ownerPk: number | null;
  heightOverwriteMm: number | null;
  feeOverrideCents: number | null;
  comment: string;
  noNeedToPayReason: string | null;
  payment: GicleePayment | null;
  /** Refunds that cleared the link so far: the next payment's sale is giclee-{pk}-{generation}. */
  generation: number;
  seenAt: string;
  changedAt: string;
}

export interface GicleeModel {
  jobs: Map<number, GicleeJobRow>;
  printer: {
    reachable: boolean | null;
    lastSuccessAt: string | null;
    lostAt: string | null;
    error: string | null;
    inkLevels: InkAmounts | null;
    inkAt: string | null;
  };
}

const handled = new Set<string>([...gicleeEventTypes, 'TransferDebited']);

export const gicleeProjection: Projection<GicleeModel> = {
  handles: handled,
  initial: () => ({
    jobs: new Map(),
    printer: {
      reachable: null,
      lastSuccessAt: null,
      lostAt: null,
      error: null,
      inkLevels: null,
      inkAt: null,
    },
  }),
  evolve(model, recorded) {
    if (recorded.type === 'TransferDebited') {
      const data = recorded.data as { transferKey: string; posting: Posting; at: string };
      const link = data.posting.links.gicleeJob;
      const row = link ? model.jobs.get(link.jobPk) : undefined;
      if (!row) return model;
      if (data.posting.kind === 'refund' || data.posting.kind === 'reversal') {
        // A refund (or a delete's reversal) with the giclee link clears the job's payment (document 3: so it can be paid again).
        row.payment = null;
        row.generation += 1;
      } else if (data.posting.kind === 'repost' && row.payment) {
        // A modify moves the payment to its repost; the stock delta stays the sale's.
        row.payment = {
          ...row.payment,
          transferKey: data.transferKey,
          amountCents: data.posting.amountCents,
        };
      } else {
        const delta = data.posting.links.stockDelta;
        row.payment = {
          transferKey: data.transferKey ?? transferKeyOf(data.posting.debit, data.posting.transferId),
          transPk: recorded.position,
          // The sale line's transferId and its deltaId are the same text (core/src/stock/events.ts).
          deltaId: data.posting.transferId,
          stockPk: delta?.stockPk ?? row.paperStockPk ?? 0,
          delta: delta?.delta ?? 0,
          amountCents: data.posting.amountCents,
          payerPk: Number(data.posting.debit),
          at: data.at,
        };
      }
      return model;
    }
    const event = { type: recorded.type, data: recorded.data } as GicleeJobEvent | GicleePrinterEvent;
    const at = recorded.metadata.time;
    switch (event.type) {
      case 'GicleeJobSeen': {
        const { paperStockPk, ownerPk, pk, ...facts } = event.data;
        model.jobs.set(pk, {
          ...facts,
          pk,
          paperStockPk,
          ownerPk,
          heightOverwriteMm: null,
          feeOverrideCents: null,
          comment: '',
          noNeedToPayReason: null,
          payment: null,
          generation: 0,
          seenAt: at,
          changedAt: at,
        });
        break;
      }
      case 'GicleeJobChanged': {
        const row = model.jobs.get(event.data.pk);
        if (row) Object.assign(row, event.data, { changedAt: at });
        break;
      }
      case 'GicleeJobHeightSet': {
        const row = model.jobs.get(event.data.pk);
        if (row) row.heightOverwriteMm = event.data.heightMm;
        break;
      }
      case 'GicleeJobFeeSet': {
        const row = model.jobs.get(event.data.pk);
        if (row) row.feeOverrideCents = event.data.feeCents;
        break;
      }
      case 'GicleeJobCommentSet': {
        const row = model.jobs.get(event.data.pk);
        if (row) row.comment = event.data.comment;
        break;
      }
      case 'GicleeJobPaperSet': {
        const row = model.jobs.get(event.data.pk);
        if (row) row.paperStockPk = event.data.paperStockPk;
        break;
      }
      case 'GicleeJobNoNeedToPaySet': {
        const row = model.jobs.get(event.data.pk);
        if (row) row.noNeedToPayReason = event.data.noNeedToPay ? event.data.reason : null;
        break;
      }
      case 'GicleePrinterReached':
        Object.assign(model.printer, {
          reachable: true,
          lastSuccessAt: event.data.at,
          lostAt: null,
          error: null,
        });
        break;
      case 'GicleePrinterLost':
        Object.assign(model.printer, {
          reachable: false,
          lastSuccessAt: event.data.lastSuccessAt,
          lostAt: event.data.at,
          error: event.data.error,
        });
        break;
      case 'GicleeInkLevelsRecorded':
        Object.assign(model.printer, { inkLevels: event.data.levels, inkAt: event.data.at });
        break;
    }
    return model;
  },
};
