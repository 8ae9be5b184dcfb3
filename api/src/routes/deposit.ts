// Cash pouches (document 3, sections 2.2, 4, 5 and 6; docs/api.md, staff cash): registration (addvalue)
// and AdminDeposit's counting: list, scan, commit (addvalue).
//
// Money in bodies is whole NTD; the ledger keeps cents. Business refusals answer HTTP 200
// `{ status: 'fail', reason }`; every write waits for the read models before answering.
import { pouchBarcodeSchema } from '@club/core/ledger/events';
import { CENTS_PER_NTD } from '@club/core/ledger/money';
import type { LedgerRequest } from '@club/core/ledger/service';
import { type PouchRow, pouchFlag } from '@club/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as contract from '../contracts/deposit.ts';
import { requireStaffWith } from '../auth/guards.ts';
import type { PortalServices } from '../services.ts';
import {
  cashResponses,
  fail,
  idempotencyKey,
  ntd,
  staffLedgerRequest,
  userRef,
  wholeNumber,
} from '../views/staff-cash.ts';

// --- Schemas (api/src/contracts/deposit.ts) ---

type PocketView = z.infer<typeof contract.pocketSchema>;

// --- Pouches and AdminDeposit ---

const FLAG_ORDER: Record<0 | 1 | 2, number> = { 1: 0, 2: 1, 0: 2 };

function pocketView(services: PortalServices, pouch: PouchRow): PocketView | null {
  const flag = pouchFlag(pouch);
  if (flag === null) return null;
  return {
    barcode: pouch.barcode,
    row: {
      user: pouch.use ? userRef(services, pouch.use.userPk) : null,
      timestamp: pouch.use?.at ?? pouch.registeredAt,
      amount: pouch.use ? ntd(pouch.use.amountCents) : 0,
      flag,
      counted: pouch.count ? ntd(pouch.count.countedCents) : null,
      forced: pouch.count?.forced ?? false,
    },
  };
}

/** GET /admin/deposit/list: pouches awaiting count first, then those counted in this batch, then unused. */
export function depositList(services: PortalServices) {
  const cash = services.projections.models.cash;
  const pocketList = [...cash.pouches.values()]
    .map((pouch) => pocketView(services, pouch))
    .filter((pocket): pocket is PocketView => pocket !== null)
    .sort(
      (a, b) =>
        FLAG_ORDER[a.row.flag] - FLAG_ORDER[b.row.flag] ||
        a.row.timestamp.localeCompare(b.row.timestamp) ||
        a.barcode.localeCompare(b.barcode),
    );
  const counted = pocketList.filter((pocket) => pocket.row.flag === 2);
  return {
    status: 'ok' as const,
    pocketList,
    batchNo: cash.openBatchNo,
    countedCount: counted.length,
    countedTotal: counted.reduce((sum, pocket) => sum + (pocket.row.counted ?? 0), 0),
    pocketTotal: cash.pouchTotal,
    pocketUsed: cash.pouchUsed,
  };
}

/** POST /admin/deposit/pouch: registers numbered pouches; registering one again changes nothing. */
export async function registerPouches(services: PortalServices, barcodes: string[], request: LedgerRequest) {
  const wanted = [...new Set(barcodes.map((barcode) => barcode.trim()))];
  const malformed = wanted.find((barcode) => !pouchBarcodeSchema.safeParse(barcode).success);
  if (wanted.length === 0) return fail('format');
  if (malformed !== undefined) return fail('format', { barcode: malformed });
  const { pouches } = services.projections.models.cash;
  const existing = wanted.filter((barcode) => pouches.has(barcode));
  const registered = wanted.filter((barcode) => !pouches.has(barcode));
  let position = 0;
  for (const barcode of registered) {
    const result = await services.ledger.registerPouch({ ...request, barcode });
    if (result.ok) position = Math.max(position, result.position);
  }
  await services.projections.waitFor(position);
  return { status: 'ok' as const, registered, existing };
}

/**
 * POST /admin/deposit/updateflag: staff scanned a pouch and counted `amount`. Reasons: 'format' (amount
 * not a whole non-negative NTD amount), 'unknown' (no such barcode), 'unused', 'counted', 'amount'
 * (differs from the declared amount, which comes as `declared`; send force after a recount).
 */
export async function scanPouch(
  services: PortalServices,
  body: { scanedPocket: string; amount: number | string; force?: boolean | undefined },
  request: LedgerRequest & { actorPk: number },
) {
  const amount = wholeNumber(body.amount);
  if (amount === null) return fail('format');
  const barcode = body.scanedPocket.trim();
  // The ledger takes the same count of a pouch again in the open batch as a retry of that scan; a person
  // scanning a counted pouch again is told it is counted (nothing is counted twice either way).
  if (services.projections.models.cash.pouches.get(barcode)?.count) return fail('counted');
  const result = await services.ledger.scanPouch({
    ...request,
    barcode,
    countedCents: amount * CENTS_PER_NTD,
    force: body.force === true,
    staffPk: request.actorPk,
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'amount': {
        const declaredCents = result.detail?.declaredCents;
        return fail('amount', typeof declaredCents === 'number' ? { declared: ntd(declaredCents) } : {});
      }
      case 'unknown':
      case 'unused':
      case 'counted':
        return fail(result.reason);
      case 'amount_format':
        return fail('format');
      default:
        return fail('other');
    }
  }
  await services.projections.waitFor(result.position);
  const list = depositList(services);
  const pouch = services.projections.models.cash.pouches.get(barcode);
  const pocket = pouch ? pocketView(services, pouch) : null;
  if (!pocket) throw new Error(`pouch ${barcode} missing from the read model after its scan`);
  return {
    status: 'ok' as const,
    pocket,
    countedCount: list.countedCount,
    countedTotal: list.countedTotal,
  };
}

/**
 * POST /admin/deposit/commit: settle 1 (pocketCount equals the counted pouches) and settle 2 (the
 * banknote total equals the counted total), then the batch's cash moves to the club's cash. The spec's
 * payload is `{ banknoteTotal, pocketCount }`; the denomination breakdown (`banknotes` and `coins`) may
 * come as well and is then recorded and checked (against the counted total and against banknoteTotal).
 * Reasons: 'format' (a count that is not a whole non-negative number, or neither a total nor a
 * breakdown), 'empty' (nothing counted), 'quantity', 'total', 'mismatch'.
 */
export async function commitDeposit(
  services: PortalServices,
  body: {
    pocketCount: number | string;
    banknotes?: z.infer<typeof contract.banknotesBodySchema> | undefined;
    coins?: number | string | undefined;
    banknoteTotal?: number | string | undefined;
  },
  request: LedgerRequest & { actorPk: number },
  idempotency: string,
) {
  const pocketCount = wholeNumber(body.pocketCount);
  const statedTotal = body.banknoteTotal === undefined ? null : wholeNumber(body.banknoteTotal);
  if (pocketCount === null || (body.banknoteTotal !== undefined && statedTotal === null))
    return fail('format');
  const breakdown = body.banknotes === undefined ? null : breakdownOf(body.banknotes, body.coins ?? 0);
  if (breakdown === 'format' || (breakdown === null && statedTotal === null)) return fail('format');
  const result = await services.ledger.commitDeposit({
    ...request,
    commitKey: `${request.actorPk}:${idempotency}`,
    pocketCount,
    banknotes: breakdown?.banknotes ?? null,
    coinsCents: breakdown === null ? null : breakdown.coins * CENTS_PER_NTD,
    statedTotalCents: statedTotal === null ? null : statedTotal * CENTS_PER_NTD,
    staffPk: request.actorPk,
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'nothing_counted':
        return fail('empty');
      case 'quantity':
      case 'total':
        return fail(result.reason);
      case 'banknote_format':
        return fail('format');
      case 'idempotency_mismatch':
        return fail('mismatch');
      default:
        return fail('other');
    }
  }
  await services.projections.waitFor(result.position);
  return {
    status: 'ok' as const,
    batchNo: result.batchNo,
    total: ntd(result.totalCents),
    pocketCount,
  };
}

/** The counts of each banknote and the coins (NTD), or 'format' when one is not a whole number. */
function breakdownOf(banknotes: z.infer<typeof contract.banknotesBodySchema>, coinsNtd: number | string) {
  const notes = {
    n2000: wholeNumber(banknotes['2000']),
    n1000: wholeNumber(banknotes['1000']),
    n500: wholeNumber(banknotes['500']),
    n200: wholeNumber(banknotes['200']),
    n100: wholeNumber(banknotes['100']),
  };
  const coins = wholeNumber(coinsNtd);
  const { n2000, n1000, n500, n200, n100 } = notes;
  if (coins === null || n2000 === null || n1000 === null || n500 === null || n200 === null || n100 === null)
    return 'format' as const;
  return { banknotes: { n2000, n1000, n500, n200, n100 }, coins };
}

// --- Routes ---

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const addValueStaff = requireStaffWith('addvalue');

  app.post(
    '/admin/deposit/pouch',
    {
      preHandler: addValueStaff,
      schema: {
        tags: ['admin'],
        summary: 'Register numbered cash pouches (needs addvalue)',
        body: contract.registerPouches.body,
        response: cashResponses(contract.registerPouches.ok),
      },
    },
    async (request) =>
      registerPouches(services, request.body.barcodes, staffLedgerRequest(services, request)),
  );

  app.get(
    '/admin/deposit/list',
    {
      preHandler: addValueStaff,
      schema: {
        tags: ['admin'],
        summary: 'AdminDeposit: the pouches, and what the open batch has counted (needs addvalue)',
        response: cashResponses(contract.depositList.ok),
      },
    },
    async () => depositList(services),
  );

  app.post(
    '/admin/deposit/updateflag',
    {
      preHandler: addValueStaff,
      schema: {
        tags: ['admin'],
        summary: 'AdminDeposit scan: count one pouch into the open batch (needs addvalue)',
        body: contract.scanPouch.body,
        response: cashResponses(contract.scanPouch.ok),
      },
    },
    async (request) => scanPouch(services, request.body, staffLedgerRequest(services, request)),
  );

  app.post(
    '/admin/deposit/commit',
    {
      preHandler: addValueStaff,
      schema: {
        tags: ['admin'],
        summary: 'AdminDeposit settle and commit: the counted cash goes to the club (needs addvalue)',
        body: contract.commitDeposit.body,
        response: cashResponses(contract.commitDeposit.ok),
      },
    },
    async (request) =>
      commitDeposit(
        services,
        request.body,
        staffLedgerRequest(services, request),
        idempotencyKey(request, request.body.requestId),
      ),
  );
};
