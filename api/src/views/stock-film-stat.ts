// The film sales statistics (document 3: /admin/stock/film/stat): the past year's sales of every film
// (the F account, or any item with a film type), per film and per film type, and per month over the last
// 12 Taipei months. `amount` is what the sales took, before refunds.
import { stockPkStr } from '@club/core/stock/events';
import { centsToNumber, milliToNumber } from '@club/core/stock/quantity';
import { oneYearBefore, sellsOutWithinYear } from '@club/core/stock/rules';
import { soldMilliSince } from '@club/projections';
import type { z } from 'zod';
import type * as contract from '../contracts/stock.ts';
import type { PortalServices } from '../services.ts';

/** Taipei months 'YYYY-MM', the last 12 ending with the current one. */
function lastTwelveMonths(now: Date): string[] {
  const taipei = new Date(now.getTime() + 8 * 3600_000);
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const at = new Date(Date.UTC(taipei.getUTCFullYear(), taipei.getUTCMonth() - back, 1));
    months.push(`${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

const taipeiMonth = (iso: string): string =>
  new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 7);

export function filmStatistics(services: PortalServices, now: Date): z.infer<typeof contract.filmStat.ok> {
  const from = oneYearBefore(now);
  const months = lastTwelveMonths(now);
  const byFilmtype = new Map<number, { sold: number; amount: number }>();
  const loglist = [...services.projections.models.stock.items.values()]
    .filter((row) => row.config.prefix === 'F' || row.config.filmType !== 0)
    .map((row) => {
      const monthly = months.map(() => 0);
      let amountCents = 0;
      for (const delta of row.deltas) {
        if (delta.kind !== 2 || Date.parse(delta.at) < from.getTime()) continue;
        const soldMilli = -delta.deltaMilli - delta.refundedMilli;
        const month = months.indexOf(taipeiMonth(delta.at));
        if (month >= 0) monthly[month]! += soldMilli;
        amountCents += delta.amountCents ?? 0;
      }
      const sold = soldMilliSince(row, from);
      const total = byFilmtype.get(row.config.filmType) ?? { sold: 0, amount: 0 };
      total.sold += sold;
      total.amount += amountCents;
      byFilmtype.set(row.config.filmType, total);
      return {
        stock: { pk: row.pk, pkstr: stockPkStr(row.pk), name: row.config.name, unit: row.config.unit },
        filmtype: row.config.filmType,
        sold: milliToNumber(sold),
        amount: centsToNumber(amountCents),
        quantity: milliToNumber(row.quantityMilli),
        sellsOutWithinYear: sellsOutWithinYear(row.quantityMilli, sold),
        monthly: monthly.map(milliToNumber),
      };
    })
    .sort((a, b) => b.sold - a.sold || a.stock.pk - b.stock.pk);
  return {
    status: 'ok' as const,
    loglist,
    byFilmtype: ([0, 1, 2, 3] as const).map((filmtype) => ({
      filmtype,
      sold: milliToNumber(byFilmtype.get(filmtype)?.sold ?? 0),
      amount: centsToNumber(byFilmtype.get(filmtype)?.amount ?? 0),
    })),
    months,
    from: from.toISOString(),
    to: now.toISOString(),
  };
}
