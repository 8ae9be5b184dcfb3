// The member side of the stock domain (document 1: UserPriceList; issue 14: the counter sale, quotes for
// the estimators, the cart). docs/stock.md: who may sell to whom (a member at the counter kiosk in the
// store scope, staff for anyone), why sales need a current member, how the cart is picked up.
import { createHash } from 'node:crypto';
import { extraDiscountColumns } from '@club/core/points/discount';
import { HUNDREDTHS_PER_POINT } from '@club/core/points/scale';
import { STOCK_ACCOUNTS, stockAccountOf } from '@club/core/stock/accounts';
import { stockPkStr } from '@club/core/stock/events';
import { centsToNumber, milliToNumber, parsePositiveQuantityMilli } from '@club/core/stock/quantity';
import { buyerPrice, onPriceList } from '@club/core/stock/rules';
import { fingerprintOf } from '@club/core/ledger/fingerprint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allows, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/shop.ts';
import { scopeOf } from '../plugins/csrf.ts';
import type { PortalServices } from '../services.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { accountView, cartView, priceRowView, receiptView } from '../views/stock.ts';
import { type UserFacts, userFacts } from '../views/user-facts.ts';
import { responsesOf } from './schemas.ts';
import { ledgerRequestOf, scopedKey, stockFail } from './stock-purchase.ts';

/** The viewer's own sales listed by GET /shop/sales. */
export const MY_SALES = 20;

const ntdOfCents = centsToNumber;

/** The buyer a call names (`userpk`, default the viewer) if the viewer may act for them; else a reply. */
function buyerOf(
  request: FastifyRequest,
  reply: FastifyReply,
  services: PortalServices,
  userpk: number | undefined,
): UserFacts | null {
  const viewer = request.viewer!;
  const pk = userpk ?? viewer.row.pk;
  if (pk !== viewer.row.pk && !allows(viewer, 'staff')) {
    void reply.status(403).send({ status: 'fail', reason: 'forbidden' });
    return null;
  }
  const facts = pk === viewer.row.pk ? viewer : userFacts(services, pk, services.now());
  if (!facts) {
    void reply.send(stockFail('notfound'));
    return null;
  }
  return facts;
}

const buyerView = (facts: UserFacts) => ({
  pk: facts.row.pk,
  pkstr: facts.row.pkstr,
  name: facts.row.name,
  ismember: facts.ismember,
  balance: ntdOfCents(facts.balanceCents),
  point: facts.pointHundredths / HUNDREDTHS_PER_POINT,
  allowdebt: facts.authlist.includes('allowdebt'),
});

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const models = () => services.projections.models;
  const user = requireRole('user');

  app.get(
    '/user/price/list',
    {
      preHandler: user,
      schema: { tags: ['shop'], summary: 'UserPriceList', response: responsesOf(contract.priceList) },
    },
    async (request) => {
      const viewer = request.viewer!;
      const now = services.now();
      const points = viewer.pointHundredths;
      const extra = points > 0 ? extraDiscountColumns(points)[0] : undefined;
      const extraColumn: 100 | 200 | null =
        extra === 100 * HUNDREDTHS_PER_POINT ? 100 : extra === 200 * HUNDREDTHS_PER_POINT ? 200 : null;
      const order = new Map(STOCK_ACCOUNTS.map((account, index) => [account.prefix, index]));
      const rows = [...models().stock.items.values()]
        .filter((item) => onPriceList(item.pk, item.config))
        .sort(
          (a, b) => (order.get(a.config.prefix) ?? 99) - (order.get(b.config.prefix) ?? 99) || a.pk - b.pk,
        )
        .map((item) => priceRowView(item, points, extraColumn, now));
      return {
        status: 'ok' as const,
        stocklist: rows,
        accountlist: STOCK_ACCOUNTS.map((account) => ({
          ...accountView(account),
          count: rows.filter((row) => row.account.prefix === account.prefix).length,
        })),
        point: points / HUNDREDTHS_PER_POINT,
        showDiscount: points > 0,
        extraColumn,
        ismember: viewer.ismember,
      };
    },
  );

  app.post(
    '/shop/quote',
    {
      preHandler: user,
      schema: {
        tags: ['shop'],
        summary: 'The buyer’s prices for items',
        body: contract.quote.body,
        response: responsesOf(contract.quote),
      },
    },
    async (request, reply) => {
      const buyer = buyerOf(request, reply, services, request.body.userpk);
      if (!buyer) return reply;
      const lines = [];
      const missing: number[] = [];
      const invalid: number[] = [];
      let total = 0;
      let discount = 0;
      for (const { stockpk, quantity } of request.body.items) {
        const milli = parsePositiveQuantityMilli(quantity);
        if (milli === null) {
          invalid.push(stockpk);
          continue;
        }
        const item = models().stock.items.get(stockpk);
        const price = item ? buyerPrice(item.config, buyer.pointHundredths, milli) : null;
        if (!item || !price) {
          missing.push(stockpk);
          continue;
        }
        total += price.amountCents;
        discount += Math.max(0, price.listAmountCents - price.amountCents);
        lines.push({
          stockpk,
          pkstr: stockPkStr(stockpk),
          name: item.config.name,
          unit: item.config.unit,
          prefix: item.config.prefix,
          quantity: milliToNumber(milli),
          unitprice: ntdOfCents(price.unitPriceCents),
          listprice: ntdOfCents(price.listPriceCents),
          amount: ntdOfCents(price.amountCents),
          discount: ntdOfCents(Math.max(0, price.listAmountCents - price.amountCents)),
          stock: stockAccountOf(item.config.prefix)?.service ? null : milliToNumber(item.quantityMilli),
        });
      }
      return {
        status: 'ok' as const,
        lines,
        missing,
        invalid,
        total: ntdOfCents(total),
        discount: ntdOfCents(discount),
      };
    },
  );

  app.get(
    '/shop/scan/:code',
    {
      preHandler: user,
      schema: {
        tags: ['shop'],
        summary: 'The item a scanned code names',
        params: contract.scan.params,
        response: responsesOf(contract.scan),
      },
    },
    async (request) => {
      const code = request.params.code.trim();
      const items = [...models().stock.items.values()];
      const found =
        items.find((item) => stockPkStr(item.pk).toUpperCase() === code.toUpperCase()) ??
        items.find((item) => item.config.barcodes.includes(code)) ??
        (/^[1-9]\d{0,8}$/.test(code) ? models().stock.items.get(Number(code)) : undefined);
      if (!found) return stockFail('notfound');
      return {
        status: 'ok' as const,
        stock: {
          pk: found.pk,
          pkstr: stockPkStr(found.pk),
          name: found.config.name,
          unit: found.config.unit,
          prefix: found.config.prefix,
          price: found.config.priceCents === null ? null : ntdOfCents(found.config.priceCents),
          forSale: found.config.priceCents !== null,
        },
      };
    },
  );

  app.get(
    '/user/cart',
    {
      preHandler: user,
      schema: { tags: ['shop'], summary: 'My cart', response: responsesOf(contract.cart) },
    },
    async (request) => ({
      status: 'ok' as const,
      cart: cartView(services, request.viewer!.row.pk, request.viewer!.pointHundredths),
    }),
  );

  app.post(
    '/user/cart',
    {
      preHandler: user,
      schema: {
        tags: ['shop'],
        summary: 'Add to, remove from or clear my cart',
        body: contract.cartCommand.body,
        response: responsesOf(contract.cartCommand),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const userPk = viewer.row.pk;
      const { body } = request;
      const ledgerRequest = ledgerRequestOf(request, services);
      let result: Awaited<ReturnType<typeof services.stock.cartCommand>>;
      if (body.cmd === 'add') {
        const items = [];
        for (const line of body.items) {
          const quantityMilli = parsePositiveQuantityMilli(line.quantity);
          if (quantityMilli === null) return { ...stockFail('quantity_invalid'), stockpk: line.stockpk };
          const label = line.label.trim();
          if (label === '') return { ...stockFail('label_required'), stockpk: line.stockpk };
          const item = models().stock.items.get(line.stockpk);
          if (!item || item.config.priceCents === null)
            return { ...stockFail('inventory'), stockpk: line.stockpk };
          items.push({ stockPk: line.stockpk, quantityMilli, label });
        }
        result = await services.stock.cartCommand(
          {
            type: 'AddToCart',
            userPk,
            group: scopedKey('cart', idempotencyKey(request, body.requestId)),
            items,
            fingerprint: fingerprintOf(items),
          },
          ledgerRequest,
        );
      } else if (body.cmd === 'remove') {
        result = await services.stock.cartCommand(
          { type: 'RemoveFromCart', userPk, id: body.id },
          ledgerRequest,
        );
      } else {
        result = await services.stock.cartCommand({ type: 'ClearCart', userPk }, ledgerRequest);
      }
      if (!result.ok) return stockFail(result.reason);
      await services.projections.waitFor(result.position);
      return { status: 'ok' as const, cart: cartView(services, userPk, viewer.pointHundredths) };
    },
  );

  app.get(
    '/shop/buyer/:userpk',
    {
      preHandler: user,
      schema: {
        tags: ['shop'],
        summary: 'Who pays at the counter, with their cart',
        params: contract.buyer.params,
        response: responsesOf(contract.buyer),
      },
    },
    async (request, reply) => {
      const { userpk } = request.params;
      const buyer = buyerOf(request, reply, services, userpk === 'me' ? undefined : Number(userpk));
      if (!buyer) return reply;
      return {
        status: 'ok' as const,
        buyer: buyerView(buyer),
        cart: cartView(services, buyer.row.pk, buyer.pointHundredths),
      };
    },
  );

  app.post(
    '/shop/sale',
    {
      preHandler: user,
      schema: {
        tags: ['shop'],
        summary: 'The counter sale: pay from the balance',
        body: contract.sale.body,
        response: responsesOf(contract.sale),
      },
    },
    async (request, reply) => {
      const { body } = request;
      const viewer = request.viewer!;
      const buyer = buyerOf(request, reply, services, body.userpk);
      if (!buyer) return reply;
      const self = buyer.row.pk === viewer.row.pk;
      // A member sells to themselves only at the counter kiosk; staff may ring up anyone anywhere.
      if (self && !allows(viewer, 'staff') && scopeOf(request.headers.scope) !== 'store')
        return stockFail('store_only');
      if (!buyer.ismember) return stockFail('not_member');
      if (body.items.length === 0) return stockFail('items_required');
      const cart = models().stock.carts.get(buyer.row.pk);
      const lines = [];
      for (const line of body.items) {
        const quantityMilli = parsePositiveQuantityMilli(line.quantity);
        if (quantityMilli === null) return { ...stockFail('quantity_invalid'), stockpk: line.stockpk };
        const inCart = line.cartItemId === undefined ? undefined : cart?.get(line.cartItemId);
        lines.push({
          stockPk: line.stockpk,
          quantityMilli,
          // Kept as sent even when no longer in the cart, so a retry after the sale asks for the same.
          cartItemId: line.cartItemId ?? null,
          label: inCart?.label ?? '',
        });
      }
      const key = idempotencyKey(request, body.requestId);
      const saleId = createHash('sha256').update(`${buyer.row.pk}:${key}`).digest('hex').slice(0, 24);
      const sold = await services.sales.sell(
        {
          saleId,
          buyerPk: buyer.row.pk,
          lines,
          pointsHundredths: buyer.pointHundredths,
          allowDebt: buyer.authlist.includes('allowdebt'),
          expectedTotalCents: Math.round(body.total * 100),
        },
        ledgerRequestOf(request, services),
      );
      if (!sold.ok) {
        if (sold.position) await services.projections.waitFor(sold.position);
        return {
          ...stockFail(sold.reason),
          ...(sold.stockPk === undefined ? {} : { stockpk: sold.stockPk }),
        };
      }
      await services.projections.waitFor(sold.position);
      const row = models().stock.sales.get(saleId);
      if (!row) throw new Error(`sale ${saleId} not in the read model after waiting`);
      return { status: 'ok' as const, receipt: receiptView(services, row) };
    },
  );

  app.get(
    '/shop/sale/:saleId',
    {
      preHandler: user,
      schema: {
        tags: ['shop'],
        summary: 'A sale’s receipt (the buyer or staff)',
        params: contract.saleReceipt.params,
        response: responsesOf(contract.saleReceipt),
      },
    },
    async (request) => {
      const row = models().stock.sales.get(request.params.saleId);
      const viewer = request.viewer!;
      if (!row || (row.buyerPk !== viewer.row.pk && !allows(viewer, 'staff'))) return stockFail('notfound');
      return { status: 'ok' as const, receipt: receiptView(services, row) };
    },
  );

  app.get(
    '/shop/sales',
    {
      preHandler: user,
      schema: { tags: ['shop'], summary: 'My recent sales', response: responsesOf(contract.mySales) },
    },
    async (request) => {
      const ids = models().stock.salesByBuyer.get(request.viewer!.row.pk) ?? [];
      return {
        status: 'ok' as const,
        loglist: ids
          .slice(-MY_SALES)
          .reverse()
          .flatMap((id) => {
            const row = models().stock.sales.get(id);
            return row ? [receiptView(services, row)] : [];
          }),
      };
    },
  );
};
