// AdminTransDetail (document 3, sections 2.2, 4, 5 and 7): one transaction with what it is linked to, and
// its corrections: refund, modify and delete. Every correction is a new transfer through the Ledger
// (core/src/ledger/README.md, corrections), never an edit of the past:
//   refund  a transfer the other way linked refundOf, at most what is left of the original; with the
//           memberFee option it also cancels the member fee (or workshop deposit) the original paid, so
//           that semester's membership ends and must be paid again;
//   modify  a reversal of what is left, then the corrected transfer from the same payer (to modifyUser,
//           modifyAmount, modifySummary) linked replaces;
//   delete  a reversal of what is left (cancelling the due it paid).
// Needs the transmodify authority. The refunding account (the original's recipient) is held to its
// balance unless it holds allowdebt, as every spend is; the club's cash accounts may go negative by
// design. docs/api.md describes the calls.
import { newId } from '@club/core/ids';
import {
  type AccountId,
  accountUserPk,
  CLUB_ACCOUNTS,
  clubAccountOf,
  isHumanAccount,
} from '@club/core/ledger/accounts';
import type { TransferLinks } from '@club/core/ledger/events';
import { isStockLedgerAccount } from '@club/core/stock/accounts';
import { stockPkStr } from '@club/core/stock/events';
import { CENTS_PER_NTD } from '@club/core/ledger/money';
import { summaryCodeOf } from '@club/core/ledger/summary-text';
import type { CorrectionReason, LedgerRequest } from '@club/core/ledger/service';
import type { LedgerModel, TransferRow } from '@club/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as contract from '../contracts/transactions.ts';
import { requireStaffWith } from '../auth/guards.ts';
import { scopeOf } from '../plugins/csrf.ts';
import type { PortalServices } from '../services.ts';
import { accountParty, centsToNtd, personRef, summaryTexts, transactionView } from '../views/ledger-rows.ts';
import { userFacts } from '../views/user-facts.ts';
import { failSchema } from './schemas.ts';

// --- Schemas (api/src/contracts/transactions.ts) ---

export { modifyBodySchema } from '../contracts/transactions.ts';
export type TransactionDetail = z.infer<typeof contract.transactionDetailSchema>;
export type ModifyBody = z.infer<typeof contract.modifyBodySchema>;

/** The reasons a correction is refused with (HTTP 200). */
export type ModifyReason =
  | Exclude<CorrectionReason, 'idempotency_mismatch'>
  | 'mismatch'
  | 'user_notfound'
  | 'not_memberfee'
  | 'no_stockdelta'
  | 'stockdelta_invalid'
  | 'stockdelta_exceeds'
  | 'purchase_refund_partial'
  | 'stock_pending';

// --- Handler logic ---

type ModifyAnswer =
  | z.infer<typeof contract.modifyOkSchema>
  | { status: 'fail'; reason: ModifyReason; reversed?: boolean };

const fail = (reason: ModifyReason) => ({ status: 'fail' as const, reason });

const correctionsOf = (ledger: LedgerModel, transferKey: string): TransferRow[] =>
  [...ledger.transfers.values()]
    .filter((row) => row.posting.links.refundOf === transferKey)
    .sort((a, b) => a.debitPk - b.debitPk);

function dueLink(
  services: PortalServices,
  links: TransferLinks,
  transferKey: string,
): { memberfee: TransactionDetail['memberfee']; workshop: TransactionDetail['workshop'] } {
  const { users, ledger } = services.projections.models;
  const { memberships } = ledger;
  const statusOf = (userPk: number, dueKey: string): 'paid' | 'refunded' | 'pending' | 'open' => {
    const membership = memberships.get(userPk);
    const payment = membership?.payments[transferKey];
    if (payment) return payment;
    const due = membership?.dues[dueKey];
    return due?.status === 'pending' ? 'pending' : 'open';
  };
  const memberfee = links.memberfee
    ? {
        semester: links.memberfee.semester,
        user: accountParty(users, String(links.memberfee.userPk)),
        status: statusOf(links.memberfee.userPk, `memberfee:${links.memberfee.semester}`),
      }
    : null;
  const workshop = links.workshop
    ? {
        semester: links.workshop.semester,
        kind: links.workshop.workshopKind,
        user: accountParty(users, String(links.workshop.userPk)),
        status: statusOf(
          links.workshop.userPk,
          `workshop:${links.workshop.semester}:${links.workshop.workshopKind}`,
        ),
      }
    : null;
  return { memberfee, workshop };
}

/** GET /admin/trans/detail/{pk}: `pk` is either side's pk (the transaction log shows both). */
export function transactionDetail(
  services: PortalServices,
  pk: number,
): TransactionDetail | { status: 'fail'; reason: 'notfound' } {
  const ledger = services.projections.models.ledger;
  const entry = ledger.entryByPk.get(pk);
  const transfer = entry ? ledger.transfers.get(entry.transferKey) : undefined;
  if (!entry || !transfer) return { status: 'fail', reason: 'notfound' };
  const { posting } = transfer;
  const corrections = correctionsOf(ledger, transfer.transferKey);
  const refundedCents = corrections.reduce((sum, row) => sum + row.posting.amountCents, 0);
  const corrected = posting.links.refundOf ?? posting.links.replaces;
  const replacement = [...ledger.transfers.values()].find(
    (row) => row.posting.links.replaces === transfer.transferKey,
  );
  const { memberfee, workshop } = dueLink(services, posting.links, transfer.transferKey);
  const stock = posting.links.stockDelta;
  const models = services.projections.models;
  return {
    status: 'ok',
    obj: {
      ...transactionView(models.users, entry, models.stock),
      transferKey: transfer.transferKey,
    },
    memberfee,
    workshop,
    stockdelta: stock ? stockDeltaDetail(services, transfer) : null,
    gicleejob: posting.links.gicleeJob ? { pk: posting.links.gicleeJob.jobPk } : null,
    refunds: corrections.map((row) => ({
      pk: row.debitPk,
      pkstr: `T${row.debitPk}`,
      kind: row.posting.kind,
      timestamp: row.at,
      amount: centsToNtd(row.posting.amountCents),
      ...summaryTexts(summaryCodeOf(row.posting)),
      execuser:
        row.posting.actorPk === null
          ? null
          : personRef(services.projections.models.users, row.posting.actorPk),
    })),
    refundable: centsToNtd(posting.amountCents - refundedCents),
    // Dues and stock lines are not modified or deleted: only a refund keeps money and stock together.
    modifiable:
      posting.links.memberfee === undefined &&
      posting.links.workshop === undefined &&
      stockRule(transfer) === 'none',
    corrects: corrected === undefined ? null : (ledger.transfers.get(corrected)?.debitPk ?? null),
    replacedBy: replacement?.debitPk ?? null,
  };
}

/**
 * How a transfer's stock movement is refunded (document 3, section 4): a purchase's refund returns the full
 * amount and deletes the delta; a sale's keeps the delta and reverses up to what is left of it. A
 * correction's own stock link (a refund of a refund) moves money only.
 */
function stockRule(transfer: TransferRow): 'purchase' | 'sale' | 'none' {
  const link = transfer.posting.links.stockDelta;
  if (!link || transfer.posting.kind !== 'posting') return 'none';
  return link.kind === 1 ? 'purchase' : link.kind === 2 ? 'sale' : 'none';
}

function stockDeltaDetail(
  services: PortalServices,
  transfer: TransferRow,
): NonNullable<TransactionDetail['stockdelta']> {
  const link = transfer.posting.links.stockDelta!;
  const models = services.projections.models;
  const original = transfer.posting.links.refundOf ?? transfer.transferKey;
  const row = models.stock.deltaByTransferKey.get(original);
  const item = models.stock.items.get(link.stockPk);
  return {
    stockPk: link.stockPk,
    kind: link.kind,
    delta: link.delta,
    pk: row?.pk ?? null,
    ...(item
      ? {
          stock: {
            pk: item.pk,
            pkstr: stockPkStr(item.pk),
            name: item.config.name,
            unit: item.config.unit,
          },
        }
      : {}),
    refundRule: stockRule(transfer),
    deleted: row?.deleted ?? false,
    refunded: row ? row.refundedMilli / 1000 : 0,
  };
}

/** The looked-up allowdebt fact of an account: a person's authority; club accounts never (by design aside). */
function holdsAllowDebt(services: PortalServices, account: AccountId): boolean {
  // Stock accounts pay purchases and sale refunds however little they took in (docs/stock.md).
  if (isStockLedgerAccount(account)) return true;
  const pk = accountUserPk(account);
  if (pk === null || !isHumanAccount(account)) return false;
  return userFacts(services, pk, services.now())?.authlist.includes('allowdebt') ?? false;
}

const isWholeNtd = (amount: number): boolean => Number.isSafeInteger(amount) && amount > 0;

const mapReason = (reason: CorrectionReason): ModifyReason =>
  reason === 'idempotency_mismatch' ? 'mismatch' : reason;

/**
 * POST /admin/trans/modify/{pk}. Reasons: 'notfound' (no such transaction), then per command
 *   refund: 'amount_invalid' (not a positive whole NTD), 'stockdelta_invalid' (not finite),
 *           'no_stockdelta' (a stock delta for a transaction without a stock movement), 'not_memberfee'
 *           (the memberFee option on a transaction that paid no due), then the ledger's 'refund_exceeds'
 *           (more than is left), 'insufficient_balance' (the refunding account), 'summary_too_short'
 *           (reason under 2 characters);
 *   modify: 'not_modifiable' (a due payment: refund or delete it), 'no_recipient', 'user_notfound',
 *           'memberfee_account' (use the fee features), 'amount_invalid', then the ledger's
 *           'refund_exceeds' (nothing left to reverse), 'insufficient_balance', 'summary_too_short',
 *           'same_account';
 *   delete: 'refund_exceeds' (nothing left), 'insufficient_balance';
 * and 'mismatch' when the idempotency key was used for a different correction.
 */
export async function modifyTransaction(
  services: PortalServices,
  input: { pk: number; body: ModifyBody; idempotencyKey: string },
  request: LedgerRequest,
): Promise<ModifyAnswer> {
  const ledger = services.projections.models.ledger;
  const entry = ledger.entryByPk.get(input.pk);
  const transfer = entry ? ledger.transfers.get(entry.transferKey) : undefined;
  if (!transfer) return fail('notfound');
  const { posting } = transfer;
  const original = transfer.transferKey;
  const { body } = input;
  const transferId = input.idempotencyKey;

  let result: Awaited<ReturnType<typeof services.ledger.refund>>;
  switch (body.cmd) {
    case 'refund': {
      if (!isWholeNtd(body.refundAmount)) return fail('amount_invalid');
      if (!Number.isFinite(body.refundStockDelta)) return fail('stockdelta_invalid');
      const rule = stockRule(transfer);
      const stock = rule === 'none' ? undefined : posting.links.stockDelta;
      if (!stock && body.refundStockDelta !== 0) return fail('no_stockdelta');
      if (stock) {
        const refusal = stockRefundRefusal(
          services,
          transfer,
          rule,
          body.refundAmount,
          body.refundStockDelta,
        );
        if (refusal) return fail(refusal);
      }
      const memberFee = body.memberFee === true;
      if (memberFee && !posting.links.memberfee && !posting.links.workshop) return fail('not_memberfee');
      result = await services.ledger.refund({
        ...request,
        transferId,
        original,
        amountCents: body.refundAmount * CENTS_PER_NTD,
        reason: body.refundReason,
        cancelDue: memberFee,
        allowDebt: holdsAllowDebt(services, posting.credit),
        ...(stock ? { stockDelta: { ...stock, delta: body.refundStockDelta } } : {}),
        clearGicleeLink: body.removeGicleeLink === true,
      });
      break;
    }
    case 'modify': {
      if (posting.links.memberfee || posting.links.workshop) return fail('not_modifiable');
      // A stock movement is corrected by its refund (which keeps stock and money together), never moved.
      if (stockRule(transfer) !== 'none') return fail('not_modifiable');
      const toPk =
        body.modifyUser === null
          ? null
          : typeof body.modifyUser === 'number'
            ? body.modifyUser
            : body.modifyUser.pk;
      if (toPk === null) return fail('no_recipient');
      const to = String(toPk);
      if (!services.projections.models.users.byPk.has(toPk) && !clubAccountOf(to))
        return fail('user_notfound');
      if (to === CLUB_ACCOUNTS.memberFeeIncome.id) return fail('memberfee_account');
      if (!isWholeNtd(body.modifyAmount)) return fail('amount_invalid');
      result = await services.ledger.modify({
        ...request,
        transferId,
        original,
        to,
        amountCents: body.modifyAmount * CENTS_PER_NTD,
        summary: body.modifySummary,
        allowDebt: {
          reversal: holdsAllowDebt(services, posting.credit),
          repost: holdsAllowDebt(services, posting.debit),
        },
      });
      break;
    }
    case 'delete': {
      if (stockRule(transfer) !== 'none') return fail('not_modifiable');
      const reason = body.refundReason?.trim();
      result = await services.ledger.deleteTransfer({
        ...request,
        transferId,
        original,
        ...(reason ? { reason } : {}),
        allowDebt: holdsAllowDebt(services, posting.credit),
      });
      break;
    }
    default: {
      const unknownCommand: never = body;
      throw new Error(`unknown correction ${JSON.stringify(unknownCommand)}`);
    }
  }

  if (!result.ok) {
    // A modify may have stopped after its reversal: that much is in the ledger, so let the reader see it.
    const reversed = typeof result.detail?.reversalKey === 'string';
    if (reversed) await services.projections.waitFor(await services.store.headPosition());
    return { ...fail(mapReason(result.reason)), ...(reversed ? { reversed } : {}) };
  }
  let position = result.position;
  if (body.cmd === 'refund') {
    // The refund's stock side (the purchase deleted, the sale's quantity back); the stock process manager
    // repeats it if the portal stops right here.
    const refund = await services.ledger.transferOf(result.transferKey);
    if (refund) position = Math.max(position, await services.stock.recordRefund(refund, request));
  }
  await services.projections.waitFor(position);
  const created = services.projections.models.ledger.transfers.get(result.transferKey);
  if (!created) throw new Error(`correction ${result.transferKey} is not in the read model after waiting`);
  return { status: 'ok', pk: created.debitPk, transferKey: result.transferKey };
}

/**
 * The stock rules of a refund: a purchase only in full ('purchase_refund_partial') with its whole quantity
 * ('stockdelta_invalid'); a sale with a quantity from 0 to what is left of it ('stockdelta_invalid',
 * 'stockdelta_exceeds'), and only once its delta is recorded ('stock_pending').
 */
function stockRefundRefusal(
  services: PortalServices,
  transfer: TransferRow,
  rule: 'purchase' | 'sale' | 'none',
  amountNtd: number,
  quantity: number,
): ModifyReason | null {
  const row = services.projections.models.stock.deltaByTransferKey.get(transfer.transferKey);
  if (!row) return 'stock_pending';
  const milli = Math.round(quantity * 1000);
  if (milli < 0 || Math.abs(milli - quantity * 1000) > 1e-6) return 'stockdelta_invalid';
  if (rule === 'purchase') {
    const refunded = correctionsOf(services.projections.models.ledger, transfer.transferKey).reduce(
      (sum, correction) => sum + correction.posting.amountCents,
      0,
    );
    if (amountNtd * CENTS_PER_NTD !== transfer.posting.amountCents - refunded)
      return 'purchase_refund_partial';
    if (row.deleted || milli !== row.deltaMilli) return 'stockdelta_invalid';
    return null;
  }
  if (milli > -row.deltaMilli - row.refundedMilli) return 'stockdelta_exceeds';
  return null;
}

/** The idempotency key: the body's requestId, else the Idempotency-Key header, else a fresh one. */
function idempotencyKeyOf(request: FastifyRequest, body: ModifyBody): string {
  if (body.requestId) return body.requestId;
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key && key.length <= 200 ? key : newId();
}

const ledgerRequestOf = (request: FastifyRequest, services: PortalServices): LedgerRequest => ({
  now: services.now(),
  actorPk: request.session.userPk ?? null,
  correlationId: request.id,
  scope: scopeOf(request.headers.scope),
  ip: request.ip,
});

// --- Routes ---

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  // Every Admin call needs active staff (document 3, section 6) as well as the authority.
  const transmodifyOnly = requireStaffWith('transmodify');

  app.get(
    '/admin/trans/detail/:pk',
    {
      preHandler: transmodifyOnly,
      schema: {
        tags: ['admin'],
        summary: 'One transaction (either side’s pk) with its links and corrections (needs transmodify)',
        params: contract.transactionDetail.params,
        response: {
          200: contract.transactionDetail.ok.or(contract.transactionDetail.fail),
          400: failSchema,
          401: failSchema,
          403: failSchema,
        },
      },
    },
    async (request) => transactionDetail(services, Number(request.params.pk)),
  );

  app.post(
    '/admin/trans/modify/:pk',
    {
      preHandler: transmodifyOnly,
      schema: {
        tags: ['admin'],
        summary: 'Refund, modify or delete a transaction by correcting transfers (needs transmodify)',
        params: contract.transactionModify.params,
        body: contract.transactionModify.body,
        response: {
          200: contract.transactionModify.ok.or(contract.transactionModify.fail),
          400: failSchema,
          401: failSchema,
          403: failSchema,
        },
      },
    },
    async (request) =>
      modifyTransaction(
        services,
        {
          pk: Number(request.params.pk),
          body: request.body,
          idempotencyKey: idempotencyKeyOf(request, request.body),
        },
        ledgerRequestOf(request, services),
      ),
  );
};
