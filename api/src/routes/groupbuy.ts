// Group buys (document 2: GroupBuy; docs/groupbuy.md). Members order and cancel their own orders; staff
// holding the groupbuy authority open, set the rate, close, add orders by hand and cancel any order.
// Money moves through the ledger (core/src/groupbuy/service.ts).
import { billingStatusOf, type GroupBuyOrder, paidAndRemain } from '@club/core/groupbuy/decider';
import { orderSplit, unitPrice } from '@club/core/groupbuy/price';
import { checkOrderFields } from '@club/core/groupbuy/validation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allows, requireRole, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/groupbuy.ts';
import type { PortalServices } from '../services.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { responsesOf } from './schemas.ts';
import { ledgerRequestOf, scopedKey } from './stock-purchase.ts';

const fail = (reason: string) => ({ status: 'fail' as const, reason });
const ntd = (cents: number) => cents / 100;

/** Administrator: active staff holding the groupbuy authority (document 2, section 6). */
const isAdministrator = (request: FastifyRequest) =>
  allows(request.viewer!, 'staff') && allows(request.viewer!, { authority: 'groupbuy' });

const text = (value: string | number) => String(value).trim();
/** A number typed in a form; an empty field is no number (not 0), so the decider refuses it. */
const numberOf = (value: string | number) => (text(value) === '' ? Number.NaN : Number(value));

function orderView(services: PortalServices, order: GroupBuyOrder, viewerPk: number, admin: boolean) {
  const mine = order.userPk === viewerPk;
  const shown = admin || mine;
  const { paidCents, remainCents } = paidAndRemain(order);
  return {
    pk: order.orderPk,
    createtime: order.at,
    createuser: shown
      ? { pk: order.userPk, name: services.projections.models.users.byPk.get(order.userPk)?.name ?? '' }
      : null,
    mine,
    title: order.title,
    url: order.url,
    weight: shown ? order.weight : null,
    unitprice: shown ? ntd(order.unitPriceCents) : null,
    quantity: order.quantity,
    totalfee: ntd(order.totalCents),
    paid: ntd(paidCents),
    remain: ntd(remainCents),
    billingstatus: billingStatusOf(order) ?? 1,
    indebt: admin && order.status === 'billing' && order.remainderShort,
  };
}

async function groupBuyPage(services: PortalServices, request: FastifyRequest, onlyPk: number | null) {
  const state = await services.groupBuys.state();
  const admin = isAdministrator(request);
  const viewerPk = request.viewer!.row.pk;
  const orders = [...state.orders.values()].filter((order) => billingStatusOf(order) !== null);
  const groupBuyList = [...state.groupBuys.values()]
    .filter((groupBuy) => onlyPk === null || groupBuy.pk === onlyPk)
    .sort((a, b) => b.pk - a.pk)
    .map((groupBuy) => {
      const own = orders.filter((order) => order.groupBuyPk === groupBuy.pk);
      return {
        pk: groupBuy.pk,
        website: groupBuy.website,
        status: groupBuy.status === 'open' ? (0 as const) : (1 as const),
        expiredtime: groupBuy.expiredAt,
        currency: groupBuy.currency,
        totalfee: admin
          ? ntd(
              own
                .filter((order) => order.status !== 'cancelled')
                .reduce((sum, order) => sum + order.totalCents, 0),
            )
          : null,
        orderlist: own.map((order) => orderView(services, order, viewerPk, admin)),
      };
    });
  const xrate: Record<string, number | null> = {};
  for (const currency of new Set([...state.groupBuys.values()].map((groupBuy) => groupBuy.currency))) {
    const rate = await services.groupBuys.rateOf(currency);
    xrate[currency] = rate === null ? null : Number(rate);
  }
  return { status: 'ok' as const, groupBuyList, xrate, isadmin: admin };
}

export const groupBuyRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const admin = requireStaffWith('groupbuy');

  for (const call of [contract.groupBuyList, contract.groupBuyListOf]) {
    app.get(
      call.path,
      {
        preHandler: requireRole('user'),
        schema: {
          tags: ['groupbuy'],
          summary: 'Group buys and their orders, and the exchange rates',
          ...('params' in call ? { params: call.params } : {}),
          response: responsesOf(call),
        },
      },
      async (request) => {
        const { pk } = request.params as { pk?: string };
        return groupBuyPage(services, request, pk === undefined ? null : Number(pk));
      },
    );
  }

  app.post(
    '/groupbuy/open',
    {
      preHandler: admin,
      schema: {
        tags: ['groupbuy'],
        summary: 'Open a group buy',
        body: contract.openGroupBuy.body,
        response: responsesOf(contract.openGroupBuy),
      },
    },
    async (request) => {
      const { body } = request;
      const requestKey = scopedKey('groupbuy-open', idempotencyKey(request, body.requestId));
      const opened = await services.groupBuys.open(
        { website: body.website, currency: body.currency, expiredAt: new Date(body.expiredtime), requestKey },
        ledgerRequestOf(request, services),
      );
      if (!opened.ok) return fail(opened.reason);
      const pk = opened.state.requests.get(requestKey)?.pk;
      if (pk === undefined) return fail('unknown');
      return { status: 'ok' as const, pk };
    },
  );

  app.post(
    '/groupbuy/rate',
    {
      preHandler: admin,
      schema: {
        tags: ['groupbuy'],
        summary: 'Set an exchange rate by hand',
        body: contract.setGroupBuyRate.body,
        response: responsesOf(contract.setGroupBuyRate),
      },
    },
    async (request) => {
      const set = await services.groupBuys.setRate(
        request.body.currency,
        text(request.body.rate),
        ledgerRequestOf(request, services),
      );
      return set.ok ? { status: 'ok' as const } : fail(set.reason);
    },
  );

  app.post(
    '/groupbuy/order/estimate',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['groupbuy'],
        summary: 'The estimate of an order, step by step',
        body: contract.estimateGroupBuyOrder.body,
        response: responsesOf(contract.estimateGroupBuyOrder),
      },
    },
    async (request) => {
      const { body } = request;
      const groupBuy = (await services.groupBuys.state()).groupBuys.get(body.gbpk);
      if (!groupBuy) return fail('notfound');
      const fields = {
        url: body.url,
        title: body.title,
        price: text(body.unitprice),
        weight: text(body.weight),
        quantity: Number(body.quantity),
      };
      const invalid = checkOrderFields(groupBuy.website, fields);
      if (invalid) return fail(invalid);
      const rate = await services.groupBuys.rateOf(groupBuy.currency);
      if (rate === null) return fail('no_rate');
      const price = unitPrice({ price: fields.price, weightLb: fields.weight, rate, title: fields.title });
      const totalfee = price.unitPriceNtd * fields.quantity;
      const split = orderSplit(totalfee, isAdministrator(request));
      return {
        status: 'ok' as const,
        xrate: Number(rate),
        category: price.category,
        categoryfactor: price.categoryFactor,
        steps: price.steps,
        unitprice: price.unitPriceNtd,
        totalfee,
        deposit: split.depositNtd,
        remain: split.remainderNtd,
      };
    },
  );

  app.post(
    '/groupbuy/order',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['groupbuy'],
        summary: 'Place an order (the deposit is held from the balance)',
        body: contract.placeGroupBuyOrder.body,
        response: responsesOf(contract.placeGroupBuyOrder),
      },
    },
    async (request) => {
      const { body } = request;
      const viewerPk = request.viewer!.row.pk;
      const placed = await services.groupBuys.order(
        {
          groupBuyPk: body.gbpk,
          userPk: viewerPk,
          url: body.url,
          title: body.title,
          price: text(body.unitprice),
          weight: text(body.weight),
          quantity: Number(body.quantity),
          isAdministrator: isAdministrator(request),
          requestKey: scopedKey(`groupbuy-order-${viewerPk}`, idempotencyKey(request, body.requestId)),
        },
        ledgerRequestOf(request, services),
      );
      if (!placed.ok) return fail(placed.reason);
      await services.projections.waitFor(placed.position);
      return {
        status: 'ok' as const,
        order: orderView(services, placed.order, viewerPk, isAdministrator(request)),
      };
    },
  );

  app.post(
    '/groupbuy/end',
    {
      preHandler: admin,
      schema: {
        tags: ['groupbuy'],
        summary: 'Close a group buy and bill the remainders (again: bill those still unpaid)',
        body: contract.endGroupBuy.body,
        response: responsesOf(contract.endGroupBuy),
      },
    },
    async (request) => {
      const closed = await services.groupBuys.close(request.body.pk, ledgerRequestOf(request, services));
      if (!closed.ok) return fail(closed.reason);
      await services.projections.waitFor(closed.position);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/groupbuy/order/cancel',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['groupbuy'],
        summary: 'Cancel an order and refund its deposit',
        body: contract.cancelGroupBuyOrder.body,
        response: responsesOf(contract.cancelGroupBuyOrder),
      },
    },
    async (request, reply) => {
      const cancelled = await services.groupBuys.cancel(
        {
          orderPk: request.body.gbopk,
          actorPk: request.viewer!.row.pk,
          isAdministrator: isAdministrator(request),
        },
        ledgerRequestOf(request, services),
      );
      if (!cancelled.ok) {
        if (cancelled.reason === 'forbidden') return reply.status(403).send(fail('forbidden'));
        return fail(cancelled.reason);
      }
      await services.projections.waitFor(cancelled.position);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/groupbuy/order/manual/add',
    {
      preHandler: admin,
      schema: {
        tags: ['groupbuy'],
        summary: 'Add an order by hand (administrators; no deposit)',
        body: contract.addManualGroupBuyOrder.body,
        response: responsesOf(contract.addManualGroupBuyOrder),
      },
    },
    async (request) => {
      const { body } = request;
      const viewerPk = request.viewer!.row.pk;
      const added = await services.groupBuys.addManual(
        {
          groupBuyPk: body.gbpk,
          userPk: viewerPk,
          url: body.url,
          title: body.title,
          weight: text(body.weight),
          unitPriceNtd: numberOf(body.unitprice),
          totalNtd: numberOf(body.totalfee),
          quantity: numberOf(body.quantity),
          requestKey: scopedKey(`groupbuy-manual-${viewerPk}`, idempotencyKey(request, body.requestId)),
        },
        ledgerRequestOf(request, services),
      );
      // The spec's answer is ok or 'unknown error'; the reason says which check failed.
      if (!added.ok) return fail(added.reason);
      await services.projections.waitFor(added.position);
      return { status: 'ok' as const };
    },
  );
};
