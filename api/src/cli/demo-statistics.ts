// The demo's point discount (issue 19): the statistics pages should show a discount actually given on a
// sale, and 林小美's 3 points are too few to lower any price by a whole NTD. So the head records ten hours
// of his own club work (10 points, entered with his point authority and valid at once) and buys two
// Tri-X rolls today at his point price (280 → 277 at 10 points), topped up first with exactly what they
// cost so his balance stays as the summary says. Safe to run again: the point record is made only when
// he has none, and the sale and its top-up have fixed keys.
import type { LedgerRequest } from '@club/core/ledger/service';
import { taipeiDate } from '@club/core/semester';
import { priceLines } from '@club/core/stock/sale-service';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

const SALE_ID = 'demo-sale-points';
const HEAD_POINTS_HUNDREDTHS = 1_000;
/** Kodak Tri-X 400 (S00001): 280, or 250 at 100 points. */
const LINES = [{ stockPk: 1, quantityMilli: 2_000, cartItemId: null, label: '' }];

export async function loadDemoStatistics(services: PortalServices, people: { head: number }): Promise<void> {
  const now = services.now();
  const hasPoints = (services.projections.models.points.byRecipient.get(people.head)?.size ?? 0) > 0;
  if (!hasPoints) {
    const result = await services.points.request(
      {
        actorPk: people.head,
        actorIsStaff: true,
        actorHasPointAuthority: true,
        workdate: taipeiDate(now),
        recipientPk: people.head,
        kind: 'club_room',
        reason: '期初社員大會籌備十小時',
        amountHundredths: HEAD_POINTS_HUNDREDTHS,
      },
      { ...cliContext(services, 'demo-statistics-points'), actor: String(people.head) },
    );
    if (!result.ok) throw new Error(`demo head points refused: ${JSON.stringify(result)}`);
    await services.projections.waitFor(result.position);
  }

  const request: LedgerRequest = { now, actorPk: people.head, correlationId: 'cli-demo-statistics' };
  if ((await services.sales.sale(SALE_ID)).status === 'none') {
    const input = {
      saleId: SALE_ID,
      buyerPk: people.head,
      lines: LINES,
      pointsHundredths: HEAD_POINTS_HUNDREDTHS,
    };
    const priced = await priceLines(services.stock, input, people.head);
    if (!priced.ok) throw new Error(`demo sale ${SALE_ID}: item ${priced.stockPk} not for sale`);
    const topUp = await services.ledger.addValue({
      ...request,
      transferId: 'demo-statistics-topup',
      staffPk: people.head,
      userPk: people.head,
      amountCents: priced.lines.reduce((sum, line) => sum + line.amountCents, 0),
      summary: '現金儲值',
    });
    if (!topUp.ok) throw new Error(`demo top-up for ${SALE_ID} refused: ${topUp.reason}`);
  }
  const sold = await services.sales.sell(
    {
      saleId: SALE_ID,
      buyerPk: people.head,
      lines: LINES,
      pointsHundredths: HEAD_POINTS_HUNDREDTHS,
      allowDebt: false,
      expectedTotalCents: null,
    },
    request,
  );
  if (!sold.ok) throw new Error(`demo sale ${SALE_ID} refused: ${sold.reason}`);
}
