// Paying a giclee job at the counter (docs/giclee.md): the member pays the job's fee from their balance
// through the stock counter sale's saga (core/src/stock/sale-service.ts), as a sale of the job's paper
// (its printed area in 才) at the job's fee. The sale's transfer links the job (links.gicleeJob), so the
// job counts as paid with the sale's stock delta; a refund that clears the link (AdminTransDetail) makes
// it payable again under the next sale id.
import { gicleeSaleId } from '@club/core/giclee/events';
import { COMPLETED } from '@club/core/giclee/rules';
import type { LedgerRequest } from '@club/core/ledger/service';
import type { PortalServices } from '../services.ts';
import { userFacts } from '../views/user-facts.ts';
import { areaOf, feeCentsOf, gicleePapers, unpaidOf } from './view.ts';

export type PayRefusal =
  | 'notfound'
  | 'paid'
  | 'noneedtopay'
  | 'printing'
  | 'nopaper'
  | 'nofee'
  | 'payer_required'
  | 'not_member'
  | 'insufficient_balance'
  | 'price_changed'
  | 'mismatch';

export type PayResult = { ok: true; position: number } | { ok: false; reason: PayRefusal; position?: number };

export async function payJob(
  services: PortalServices,
  input: { pk: number; payerPk: number | undefined; expectedFeeCents: number },
  request: LedgerRequest,
): Promise<PayResult> {
  const row = services.projections.models.giclee.jobs.get(input.pk);
  if (!row) return { ok: false, reason: 'notfound' };
  if (row.payment) return { ok: false, reason: 'paid' };
  if (row.noNeedToPayReason !== null) return { ok: false, reason: 'noneedtopay' };
  // A job still printing has no final size yet; a canceled or failed one may be paid for what it printed.
  if (row.status === 'Printing') return { ok: false, reason: 'printing' };
  const papers = gicleePapers(services);
  if (row.paperStockPk === null) return { ok: false, reason: 'nopaper' };
  if (!unpaidOf(row, papers)) return { ok: false, reason: 'noneedtopay' };
  const fee = feeCentsOf(row, papers);
  if (fee === null || fee <= 0) return { ok: false, reason: 'nofee' };
  if (fee !== input.expectedFeeCents) return { ok: false, reason: 'price_changed' };
  const payerPk = input.payerPk ?? row.ownerPk;
  if (payerPk === null) return { ok: false, reason: 'payer_required' };
  const payer = userFacts(services, payerPk, services.now());
  if (!payer) return { ok: false, reason: 'notfound' };
  if (!payer.ismember) return { ok: false, reason: 'not_member' };
  const sold = await services.sales.sell(
    {
      saleId: gicleeSaleId(row.pk, row.generation),
      buyerPk: payerPk,
      lines: [
        {
          stockPk: row.paperStockPk,
          // At least one thousandth of a 才, so an empty job still records its delta.
          quantityMilli: Math.max(1, areaOf(row)),
          cartItemId: null,
          label: `giclee #${row.pk} ${row.status === COMPLETED ? '' : row.status}`.trim(),
          fixedAmountCents: fee,
          gicleeJobPk: row.pk,
        },
      ],
      pointsHundredths: payer.pointHundredths,
      allowDebt: payer.authlist.includes('allowdebt'),
      expectedTotalCents: fee,
    },
    request,
  );
  if (!sold.ok) {
    const reason =
      sold.reason === 'inventory' ? 'nofee' : sold.reason === 'items_required' ? 'nofee' : sold.reason;
    return { ok: false, reason, ...(sold.position ? { position: sold.position } : {}) };
  }
  return { ok: true, position: sold.position };
}
