// Purchases (stockpurchase): the purchase tab's single purchase, AdminStockPurchase's wizard (receipts,
// details, items; document 3, section 5) and the stockdelta edit. Each item bought is one stock delta and
// one transaction: the item's stock account pays the club's cash (docs/stock.md).
import { createHash } from 'node:crypto';
import type { LedgerRequest } from '@club/core/ledger/service';
import {
  parseQuantityMilli,
  parseWholeNtdCents,
  parseWholeQuantityMilli,
  parseYearMonth,
} from '@club/core/stock/quantity';
import { checkPurchaseDates } from '@club/core/stock/rules';
import type { StockItemRow } from '@club/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireStaffWith } from '../auth/guards.ts';
import * as contract from '../contracts/stock.ts';
import { scopeOf } from '../plugins/csrf.ts';
import type { PortalServices } from '../services.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { logRowView, stockViewerOf } from '../views/stock.ts';
import { responsesOf } from './schemas.ts';

/** A request key scoped by what it is for, so the same client key for two calls never collides. */
export const scopedKey = (scope: string, key: string): string =>
  `${scope}:${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

export const stockFail = (reason: string) => ({ status: 'fail' as const, reason });

export const ledgerRequestOf = (request: FastifyRequest, services: PortalServices): LedgerRequest => ({
  now: services.now(),
  actorPk: request.viewer?.row.pk ?? null,
  correlationId: request.id,
  scope: scopeOf(request.headers.scope),
  ip: request.ip,
});

type PurchaseInput = z.infer<typeof contract.purchaseInputSchema>;

/** The stored stockreceipt files among `pks`, or null if one is not such a file. */
function receiptFiles(
  services: PortalServices,
  pks: readonly number[],
  purchasePk: number | undefined,
): number[] | null {
  const files = services.projections.models.files.byPk;
  const chosen = new Set<number>();
  for (const pk of pks) {
    const file = files.get(pk);
    if (file?.status !== 'stored' || file.objname !== 'stockreceipt') return null;
    chosen.add(pk);
  }
  // Every receipt uploaded to the purchase's batch belongs to it, whether or not the page listed it.
  if (purchasePk !== undefined)
    for (const file of files.values())
      if (file.status === 'stored' && file.objname === 'stockreceipt' && file.objpk === purchasePk)
        chosen.add(file.pk);
  return [...chosen].sort((a, b) => a - b);
}

interface CheckedPurchase {
  quantityMilli: number;
  amountCents: number;
  expiry: string | null;
  manufactured: string | null;
}

/** One item's values: quantity, total, dates ('data', 'manufacture_required', 'expiry_required'). */
function checkPurchase(
  row: StockItemRow,
  input: {
    quantity: unknown;
    amount: unknown;
    expireddate?: string | undefined;
    manufacturedate?: string | undefined;
  },
  wholeQuantity: boolean,
): { ok: true; value: CheckedPurchase } | { ok: false; reason: string } {
  const quantityMilli = wholeQuantity
    ? parseWholeQuantityMilli(input.quantity)
    : parseQuantityMilli(input.quantity);
  const amountCents = parseWholeNtdCents(input.amount);
  if (quantityMilli === null || amountCents === null) return { ok: false, reason: 'data' };
  const dates = checkPurchaseDates(row.config.prefix, input.expireddate, input.manufacturedate);
  if (!dates.ok) return dates;
  return {
    ok: true,
    value: { quantityMilli, amountCents, expiry: dates.expiry, manufactured: dates.manufactured },
  };
}

/** Records one purchase and waits for the read model; answers the delta's and the transaction's pks. */
export async function purchaseOne(
  services: PortalServices,
  row: StockItemRow,
  input: PurchaseInput,
  deltaId: string,
  request: LedgerRequest,
  options: { wholeQuantity: boolean },
): Promise<{ ok: true; deltapk: number; transpk: number | null } | { ok: false; reason: string }> {
  const checked = checkPurchase(row, { ...input, quantity: input.delta }, options.wholeQuantity);
  if (!checked.ok) return checked;
  const receipts = receiptFiles(services, input.receiptList ?? [], input.purchasepk);
  if (!receipts) return { ok: false, reason: 'receipt_unknown' };
  return record(
    services,
    row,
    {
      ...checked.value,
      deltaId,
      receipts,
      origin: input.origin ?? '',
      comment: input.comment ?? '',
      purchasePk: input.purchasepk ?? null,
    },
    request,
  );
}

async function record(
  services: PortalServices,
  row: StockItemRow,
  value: CheckedPurchase & {
    deltaId: string;
    receipts: number[];
    origin: string;
    comment: string;
    purchasePk: number | null;
  },
  request: LedgerRequest,
): Promise<{ ok: true; deltapk: number; transpk: number | null } | { ok: false; reason: string }> {
  const result = await services.stock.purchase(
    {
      stockPk: row.pk,
      deltaId: value.deltaId,
      quantityMilli: value.quantityMilli,
      amountCents: value.amountCents,
      origin: value.origin.trim(),
      comment: value.comment.trim(),
      expiry: value.expiry,
      manufactured: value.manufactured,
      receiptPks: value.receipts,
      purchasePk: value.purchasePk,
    },
    request,
  );
  if (!result.ok) return { ok: false, reason: result.reason === 'notfound' ? 'notfound' : 'mismatch' };
  await services.projections.waitFor(result.position);
  const models = services.projections.models;
  const delta = models.stock.deltaById.get(`${row.pk}|${value.deltaId}`);
  if (!delta) throw new Error(`purchase ${value.deltaId} not in the read model after waiting`);
  return {
    ok: true,
    deltapk: delta.pk,
    transpk: models.ledger.transfers.get(result.transferKey)?.debitPk ?? null,
  };
}

export const stockPurchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const purchaser = requireStaffWith('stockpurchase');

  app.post(
    '/admin/stock/purchase/new',
    {
      preHandler: purchaser,
      schema: {
        tags: ['stock'],
        summary: 'A receipt batch for the purchase wizard (stockpurchase)',
        body: contract.purchaseBatchNew.body,
        response: responsesOf(contract.purchaseBatchNew),
      },
    },
    async (request) => ({
      status: 'ok' as const,
      purchasepk: await services.stock.allocatePurchasePk(ledgerRequestOf(request, services)),
    }),
  );

  app.post(
    '/admin/stock/purchase',
    {
      preHandler: purchaser,
      schema: {
        tags: ['stock'],
        summary: 'AdminStockPurchase: record the purchase (stockpurchase)',
        body: contract.purchaseWizard.body,
        response: responsesOf(contract.purchaseWizard),
      },
    },
    async (request) => {
      const { body } = request;
      const origin = body.origin.trim();
      if (origin === '') return stockFail('origin_required');
      if (body.items.length === 0) return stockFail('items_required');
      const receipts = receiptFiles(services, body.receiptList ?? [], body.purchasepk);
      if (!receipts) return stockFail('receipt_unknown');
      if (receipts.length === 0 && body.confirmNoReceipt !== true) return stockFail('no_receipt');
      const items = services.projections.models.stock.items;
      const checked: { row: StockItemRow; value: CheckedPurchase; comment: string }[] = [];
      for (const [index, line] of body.items.entries()) {
        const row = items.get(line.stockpk);
        if (!row) return { ...stockFail('notfound'), index };
        const value = checkPurchase(row, line, true);
        if (!value.ok) return { ...stockFail(value.reason), index };
        checked.push({ row, value: value.value, comment: line.comment ?? body.comment ?? '' });
      }
      const key = scopedKey('purchase-wizard', idempotencyKey(request, body.requestId));
      const purchasepk =
        body.purchasepk ?? (await services.stock.allocatePurchasePk(ledgerRequestOf(request, services)));
      const deltas: { stockpk: number; deltapk: number; transpk: number | null }[] = [];
      for (const [index, { row, value, comment }] of checked.entries()) {
        const done = await record(
          services,
          row,
          { ...value, deltaId: `${key}.${index}`, receipts, origin, comment, purchasePk: purchasepk },
          ledgerRequestOf(request, services),
        );
        if (!done.ok) return { ...stockFail(done.reason), index };
        deltas.push({ stockpk: row.pk, deltapk: done.deltapk, transpk: done.transpk });
      }
      return { status: 'ok' as const, purchasepk, deltas };
    },
  );

  app.put(
    '/admin/stockdelta/:pk',
    {
      preHandler: purchaser,
      schema: {
        tags: ['stock'],
        summary: 'Edit a stock delta’s comment, origin, expiry (stockpurchase)',
        params: contract.stockDeltaEdit.params,
        body: contract.stockDeltaEdit.body,
        response: responsesOf(contract.stockDeltaEdit),
      },
    },
    async (request) => {
      const models = () => services.projections.models;
      const row = models().stock.deltas.get(Number(request.params.pk));
      if (!row) return stockFail('notfound');
      const { body } = request;
      const expiryText = body.expireddate?.trim();
      const expiry = expiryText === undefined || expiryText === '' ? null : parseYearMonth(expiryText);
      if (expiryText !== undefined && expiryText !== '' && expiry === null) return stockFail('data');
      const purchase = row.kind === 1;
      const result = await services.stock.editDelta(
        {
          stockPk: row.stockPk,
          deltaId: row.deltaId,
          ...(body.comment !== undefined && body.comment.trim() !== row.comment
            ? { comment: body.comment.trim() }
            : {}),
          ...(purchase && body.origin !== undefined && body.origin.trim() !== row.origin
            ? { origin: body.origin.trim() }
            : {}),
          ...(purchase && expiryText !== undefined && expiry !== row.expiry ? { expiry } : {}),
        },
        ledgerRequestOf(request, services),
      );
      if (!result.ok) return stockFail(result.reason === 'notfound' ? 'notfound' : 'data');
      await services.projections.waitFor(result.position);
      return {
        status: 'ok' as const,
        row: logRowView(
          services,
          models().stock.deltas.get(row.pk)!,
          stockViewerOf(request.viewer!.authlist),
        ),
      };
    },
  );
};
