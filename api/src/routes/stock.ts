// The stock domain's staff calls (document 3: AdminStockList, AdminStockAdd, AdminStockSingle, AdminStockLog,
// the stockdelta edit, the film statistics); the purchase wizard is in stock-purchase.ts, the member side in
// shop.ts. Every call needs active staff; `stock` adds items, edits settings, adjusts counts and sees the
// film statistics; `stockpurchase` records purchases and sees prices, values and the log's details.
import { newItemConfig, checkConfig, GICLEE_KINDS } from '@club/core/stock/rules';
import { stockAccountOf } from '@club/core/stock/accounts';
import { centsToNumber, milliToNumber, parseQuantityMilli } from '@club/core/stock/quantity';
import type { StockDeltaRow } from '@club/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allows, requireRole, requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/stock.ts';
import type { PortalServices } from '../services.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { accountList, logRowView, type StockViewer, stockView, stockViewerOf } from '../views/stock.ts';
import { filmStatistics } from '../views/stock-film-stat.ts';
import { responsesOf } from './schemas.ts';
import { ledgerRequestOf, purchaseOne, scopedKey, stockFail } from './stock-purchase.ts';

/** Rows per page of the stock logs. */
export const STOCK_LOG_ROWS_PER_PAGE = 30;
/** Sales in AdminStockList's recent sales. */
export const RECENT_SALES = 30;

const viewerOf = (request: FastifyRequest): StockViewer => stockViewerOf(request.viewer!.authlist);

const prefixOf = (account: string | { prefix: string }): string =>
  (typeof account === 'string' ? account : account.prefix).trim().toUpperCase();

function logPage(
  services: PortalServices,
  rows: readonly StockDeltaRow[],
  page: number,
  viewer: StockViewer,
) {
  const end = rows.length - (page - 1) * STOCK_LOG_ROWS_PER_PAGE;
  const start = Math.max(0, end - STOCK_LOG_ROWS_PER_PAGE);
  const pageRows = end <= 0 ? [] : rows.slice(start, end).reverse();
  return {
    loglist: pageRows.map((row) => logRowView(services, row, viewer)),
    pager: { totalrows: rows.length, rowsperpage: STOCK_LOG_ROWS_PER_PAGE, page },
  };
}

const kindFilter = (kind: '1' | '2' | '3' | 'all') => (row: StockDeltaRow) =>
  kind === 'all' || row.kind === Number(kind);

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const models = () => services.projections.models;
  const staff = requireRole('staff');
  const stockOnly = requireStaffWith('stock');
  const item = (pk: string) => models().stock.items.get(Number(pk));

  app.get(
    '/admin/stock/list',
    {
      preHandler: staff,
      schema: { tags: ['stock'], summary: 'AdminStockList', response: responsesOf(contract.stockList) },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const now = services.now();
      const stock = models().stock;
      return {
        status: 'ok' as const,
        stocklist: [...stock.items.values()].map((row) => stockView(row, viewer, now)),
        recentsales: [...stock.deltas.values()]
          .filter((row) => row.kind === 2)
          .slice(-RECENT_SALES)
          .reverse()
          .map((row) => ({
            pk: row.pk,
            timestamp: row.at,
            stock: {
              pk: row.stockPk,
              name: stock.items.get(row.stockPk)?.config.name ?? '',
              unit: stock.items.get(row.stockPk)?.config.unit ?? '',
            },
            quantity: milliToNumber(-row.deltaMilli),
            amount: centsToNumber(row.amountCents ?? 0),
            user: logRowView(services, row, viewer).user ?? { pk: 0, pkstr: '', name: '' },
            transpk: row.transferKey
              ? (models().ledger.transfers.get(row.transferKey)?.debitPk ?? null)
              : null,
          })),
        filmtypeDict: Object.fromEntries(
          contract.FILM_TYPE_NAMES.zh.map((zh, index) => [
            String(index),
            { zh, en: contract.FILM_TYPE_NAMES.en[index]! },
          ]),
        ),
        accountlist: accountList(),
        viewer,
      };
    },
  );

  app.post(
    '/admin/stock/new',
    {
      preHandler: stockOnly,
      schema: {
        tags: ['stock'],
        summary: 'AdminStockAdd (stock)',
        body: contract.stockNew.body,
        response: responsesOf(contract.stockNew),
      },
    },
    async (request) => {
      const { body } = request;
      const name = body.name.trim();
      if (name === '') return stockFail('name_required');
      const prefix = prefixOf(body.account);
      if (!stockAccountOf(prefix)) return stockFail('account_unknown');
      const created = await services.stock.createItem(
        {
          config: newItemConfig(prefix, name, body.unit ?? '張'),
          requestKey: scopedKey('stock-new', idempotencyKey(request, body.requestId)),
        },
        ledgerRequestOf(request, services),
      );
      if (!created.ok) return stockFail(created.reason === 'exists' ? 'mismatch' : created.reason);
      await services.projections.waitFor(created.position);
      const row = models().stock.items.get(created.stockPk)!;
      return {
        status: 'ok' as const,
        pk: created.stockPk,
        stock: stockView(row, viewerOf(request), services.now()),
      };
    },
  );

  // Static paths first in intent (Fastify prefers them anyway): the film statistics and the log.
  app.get(
    '/admin/stock/film/stat',
    {
      preHandler: stockOnly,
      schema: {
        tags: ['stock'],
        summary: 'Film sales statistics, one year (stock)',
        response: responsesOf(contract.filmStat),
      },
    },
    async () => filmStatistics(services, services.now()),
  );

  app.get(
    '/admin/stock/log/:kind/:pk',
    {
      preHandler: staff,
      schema: {
        tags: ['stock'],
        summary: 'AdminStockLog',
        params: contract.stockLog.params,
        querystring: contract.stockLog.query,
        response: responsesOf(contract.stockLog),
      },
    },
    async (request) => {
      const { kind, pk } = request.params;
      const viewer = viewerOf(request);
      const stock = models().stock;
      const row = pk === 'all' ? undefined : stock.items.get(Number(pk));
      if (pk !== 'all' && !row) return stockFail('notfound');
      const rows = (row ? row.deltas : [...stock.deltas.values()]).filter(kindFilter(kind));
      return {
        status: 'ok' as const,
        ...logPage(services, rows, Number(request.query.page ?? 1), viewer),
        stock: row ? stockView(row, viewer, services.now()) : null,
        viewer,
      };
    },
  );

  app.get(
    '/admin/stock/:pk',
    {
      preHandler: staff,
      schema: {
        tags: ['stock'],
        summary: 'AdminStockSingle',
        params: contract.stockSingle.params,
        response: responsesOf(contract.stockSingle),
      },
    },
    async (request) => {
      const row = item(request.params.pk);
      if (!row) return stockFail('notfound');
      const viewer = viewerOf(request);
      return {
        status: 'ok' as const,
        stock: stockView(row, viewer, services.now()),
        gicleeKindList: GICLEE_KINDS.map((kind) => ({ ...kind })),
        accountlist: accountList(),
        viewer,
      };
    },
  );

  app.get(
    '/admin/stock/:pk/log/:kind/:page',
    {
      preHandler: staff,
      schema: {
        tags: ['stock'],
        summary: 'An item’s stock log, paged',
        params: contract.stockItemLog.params,
        response: responsesOf(contract.stockItemLog),
      },
    },
    async (request) => {
      const row = item(request.params.pk);
      if (!row) return stockFail('notfound');
      const viewer = viewerOf(request);
      return {
        status: 'ok' as const,
        ...logPage(
          services,
          row.deltas.filter(kindFilter(request.params.kind)),
          Number(request.params.page),
          viewer,
        ),
        viewer,
      };
    },
  );

  app.put(
    '/admin/stock/:pk',
    {
      preHandler: stockOnly,
      schema: {
        tags: ['stock'],
        summary: 'The config tab (stock)',
        params: contract.stockConfig.params,
        body: contract.stockConfig.body,
        response: responsesOf(contract.stockConfig),
      },
    },
    async (request) => {
      const row = item(request.params.pk);
      if (!row) return stockFail('notfound');
      const given = request.body.stock;
      const checked = checkConfig({
        prefix: given.account === undefined ? row.config.prefix : prefixOf(given.account),
        name: given.name,
        unit: given.unit,
        price: given.price,
        discountprice: given.discountprice,
        discountpoint: given.discountpoint,
        barcodetext: given.barcodetext ?? row.config.barcodes.join('\n'),
        comment: given.comment ?? row.config.comment,
        display: given.display,
        filmtype: given.filmtype ?? row.config.filmType,
        giclee: given.gicleejson ?? row.config.giclee,
      });
      if (!checked.ok) return stockFail(checked.reason);
      const result = await services.stock.configure(
        row.pk,
        checked.config,
        ledgerRequestOf(request, services),
      );
      if (!result.ok) return stockFail(result.reason === 'notfound' ? 'notfound' : 'mismatch');
      await services.projections.waitFor(result.position);
      return {
        status: 'ok' as const,
        stock: stockView(item(request.params.pk)!, viewerOf(request), services.now()),
      };
    },
  );

  app.post(
    '/admin/stock/:pk',
    {
      preHandler: staff,
      schema: {
        tags: ['stock'],
        summary: 'Purchase (stockpurchase) or adjust the count (stock)',
        params: contract.stockCommand.params,
        body: contract.stockCommand.body,
        response: responsesOf(contract.stockCommand),
      },
    },
    async (request, reply) => {
      const { body } = request;
      const needed = body.cmd === 'purchase' ? 'stockpurchase' : 'stock';
      if (!allows(request.viewer!, { authority: needed }))
        return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
      const row = item(request.params.pk);
      if (!row) return stockFail('notfound');
      const key = idempotencyKey(request, body.requestId);
      const ledgerRequest = ledgerRequestOf(request, services);
      if (body.cmd === 'purchase') {
        const done = await purchaseOne(
          services,
          row,
          body.purchase,
          scopedKey('purchase', key),
          ledgerRequest,
          {
            wholeQuantity: false,
          },
        );
        if (!done.ok) return stockFail(done.reason);
        return {
          status: 'ok' as const,
          stock: stockView(item(request.params.pk)!, viewerOf(request), services.now()),
          deltapk: done.deltapk,
          transpk: done.transpk,
        };
      }
      const counted = parseQuantityMilli(body.stock.quantity);
      if (counted === null) return stockFail('quantity_invalid');
      const reason = body.reason.trim();
      if (reason === '') return stockFail('reason_required');
      const deltaId = scopedKey('adjust', key);
      const result = await services.stock.adjust(
        { stockPk: row.pk, deltaId, countedMilli: counted, reason },
        ledgerRequest,
      );
      if (!result.ok)
        return stockFail(
          result.reason === 'unchanged'
            ? 'unchanged'
            : result.reason === 'notfound'
              ? 'notfound'
              : 'mismatch',
        );
      await services.projections.waitFor(result.position);
      const delta = models().stock.deltaById.get(`${row.pk}|${deltaId}`);
      if (!delta) throw new Error(`adjustment ${deltaId} not in the read model after waiting`);
      return {
        status: 'ok' as const,
        stock: stockView(item(request.params.pk)!, viewerOf(request), services.now()),
        deltapk: delta.pk,
        transpk: null,
      };
    },
  );
};
