// Read-side helpers of the giclee domain: the GICLEE papers from the stock read model, a job's fee, and a
// job as the contract shows it.
import type { z } from 'zod';
import { INK_COLOURS } from '@club/core/giclee/report';
import {
  areaMilliCai,
  computedFeeCents,
  effectiveHeightMm,
  type GicleePaper,
  isUnpaid,
  PRINTING_DUE_AFTER_MS,
  squareInches,
} from '@club/core/giclee/rules';
import { milliToNumber } from '@club/core/stock/quantity';
import type { GicleeJobRow } from '@club/projections';
import type { gicleeJobSchema } from '../contracts/giclee.ts';
import type { PortalServices } from '../services.ts';
import { personRef } from '../views/ledger-rows.ts';

/** The stock items of the GICLEE account with their gicleejson (payable, kind, keyword). */
export function gicleePapers(services: PortalServices): GicleePaper[] {
  return [...services.projections.models.stock.items.values()]
    .filter((item) => item.config.prefix === 'GICLEE')
    .map((item) => ({
      stockPk: item.pk,
      name: item.config.name,
      priceCents: item.config.priceCents,
      payable: item.config.giclee.payable,
      kind: item.config.giclee.kind,
      keyword: item.config.giclee.keyword,
    }));
}

export const areaOf = (row: GicleeJobRow): number => areaMilliCai(row.widthMm, effectiveHeightMm(row));

/** The fee in cents: staff's, else the area at the paper's price; null when unknown. */
export function feeCentsOf(row: GicleeJobRow, papers: readonly GicleePaper[]): number | null {
  if (row.feeOverrideCents !== null) return row.feeOverrideCents;
  const paper = papers.find((candidate) => candidate.stockPk === row.paperStockPk);
  return paper ? computedFeeCents(areaOf(row), paper.priceCents) : null;
}

export function unpaidOf(row: GicleeJobRow, papers: readonly GicleePaper[]): boolean {
  const paper = papers.find((candidate) => candidate.stockPk === row.paperStockPk);
  return isUnpaid({
    needPayment: row.noNeedToPayReason === null,
    paid: row.payment !== null,
    paperPayable: paper ? paper.payable : null,
  });
}

/** Unpaid jobs that started more than 3 days ago (the gicleePrintingDue warning). */
export function duePrintingCount(services: PortalServices, now: Date): number {
  const papers = gicleePapers(services);
  let count = 0;
  for (const row of services.projections.models.giclee.jobs.values())
    if (unpaidOf(row, papers) && now.getTime() - Date.parse(row.startedAt) > PRINTING_DUE_AFTER_MS)
      count += 1;
  return count;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function jobView(
  services: PortalServices,
  row: GicleeJobRow,
  papers: readonly GicleePaper[],
): z.output<typeof gicleeJobSchema> {
  const paper = papers.find((candidate) => candidate.stockPk === row.paperStockPk);
  const fee = feeCentsOf(row, papers);
  const totalInk = INK_COLOURS.reduce((sum, colour) => sum + (row.ink[colour] ?? 0), 0);
  const delta = row.payment
    ? services.projections.models.stock.deltaById.get(`${row.payment.stockPk}|${row.payment.deltaId}`)
    : undefined;
  return {
    pk: row.pk,
    starttimefromnode: row.startedAt,
    filename: row.name,
    width: row.widthMm,
    height: row.heightMm,
    heightOverwrite: row.heightOverwriteMm,
    status: row.status,
    media: row.media,
    papertype: row.paperStockPk,
    papername: paper?.name ?? '',
    stockdelta: row.payment
      ? {
          pk: delta?.pk ?? null,
          stockpk: row.payment.stockPk,
          delta: row.payment.delta,
          transpk: row.payment.transPk,
        }
      : null,
    needPayment: row.noNeedToPayReason === null,
    noNeedToPayReason: row.noNeedToPayReason ?? '',
    comment: row.comment,
    fee: fee === null ? null : fee / 100,
    feeOverwritten: row.feeOverrideCents !== null,
    area: milliToNumber(areaOf(row)),
    inchsquare: round(squareInches(row.widthMm, effectiveHeightMm(row)), 1),
    unpaid: unpaidOf(row, papers),
    owner: row.ownerPk === null ? null : personRef(services.projections.models.users, row.ownerPk),
    jsondata: {
      name: row.name,
      startedAt: row.startedAt,
      widthMm: row.widthMm,
      heightMm: row.heightMm,
      media: row.media,
      status: row.status,
    },
    ink: { ...row.ink },
    inkratio: Object.fromEntries(
      INK_COLOURS.map((colour) => [colour, totalInk > 0 ? round((row.ink[colour] ?? 0) / totalInk, 3) : 0]),
    ),
  };
}
