// The cash desk (document 3, sections 2.2, 5 and 6; docs/api.md, staff cash): add value and take back at
// the counter (addvalue), with the user search that finds the person.
//
// Money in bodies is whole NTD; the ledger keeps cents. Business refusals answer HTTP 200
// `{ status: 'fail', reason }`; every write waits for the read models before answering.
import { userAccount } from '@club/core/ledger/accounts';
import { CENTS_PER_NTD } from '@club/core/ledger/money';
import { summaryCodeOf } from '@club/core/ledger/summary-text';
import type { LedgerRequest } from '@club/core/ledger/service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as contract from '../contracts/cash-desk.ts';
import { commandContext, requireRole, requireStaffWith } from '../auth/guards.ts';
import type { PortalServices } from '../services.ts';
import {
  cashResponses,
  fail,
  idempotencyKey,
  ntd,
  staffLedgerRequest,
  transactionPkstr,
  wholeNumber,
} from '../views/staff-cash.ts';
import { summaryTexts } from '../views/ledger-rows.ts';
import { userFacts } from '../views/user-facts.ts';

/** At most this many people answer a user search. */
const USER_SEARCH_LIMIT = 30;
/** Add value takes cash in multiples of 100 NTD (document 3, section 5: deposit amounts). */
const ADD_VALUE_STEP_NTD = 100;

// --- Schemas (api/src/contracts/cash-desk.ts) ---

type CashChangeBody = z.infer<typeof contract.cashChangeBodySchema>;

// --- Add value and take back ---

/** The member's side of a transfer just made, as a transaction. */
function memberSide(services: PortalServices, transferKey: string, userPk: number) {
  const { ledger } = services.projections.models;
  const transfer = ledger.transfers.get(transferKey);
  if (!transfer) throw new Error(`transfer ${transferKey} missing from the read model after waiting for it`);
  const memberIsDebited = transfer.posting.debit === userAccount(userPk);
  const pk = memberIsDebited ? transfer.debitPk : (transfer.creditPk ?? transfer.debitPk);
  const amount = ntd(transfer.posting.amountCents);
  return {
    pk,
    pkstr: transactionPkstr(pk),
    timestamp: transfer.at,
    ...summaryTexts(summaryCodeOf(transfer.posting)),
    delta: memberIsDebited ? -amount : amount,
  };
}

/**
 * POST /admin/cash/addvalue and /admin/cash/takeback (addvalue). Reasons: 'notfound' (no such person),
 * 'self' (not on one's own account: the staff member's own cash would pay them), 'amount' (add value: a
 * positive multiple of 100; take back: a positive whole amount), 'insufficient_balance' (take back more
 * than the balance), 'mismatch' (an idempotency key reused for another request).
 */
export async function changeCash(
  services: PortalServices,
  direction: 'addvalue' | 'takeback',
  body: CashChangeBody,
  request: LedgerRequest & { actorPk: number },
  idempotency: string,
) {
  const staffPk = request.actorPk;
  const user = services.projections.models.users.byPk.get(body.userpk);
  if (!user) return fail('notfound');
  if (user.pk === staffPk) return fail('self');
  const amount = wholeNumber(body.amount);
  if (amount === null || amount <= 0) return fail('amount');
  if (direction === 'addvalue' && amount % ADD_VALUE_STEP_NTD !== 0) return fail('amount');
  const common = {
    ...request,
    transferId: `${staffPk}:${idempotency}`,
    staffPk,
    userPk: user.pk,
    amountCents: amount * CENTS_PER_NTD,
    ...(body.summary?.trim() ? { summary: body.summary.trim() } : {}),
  };
  const result =
    direction === 'addvalue'
      ? await services.ledger.addValue(common)
      : // Cash goes back only up to the balance, whatever the member's allowdebt.
        await services.ledger.takeBack({ ...common, allowDebt: false });
  if (!result.ok) {
    switch (result.reason) {
      case 'insufficient_balance':
        return fail('insufficient_balance');
      case 'idempotency_mismatch':
        return fail('mismatch');
      case 'amount_invalid':
        return fail('amount');
      default:
        return fail('other');
    }
  }
  await services.projections.waitFor(result.position);
  const balanceCents = services.projections.models.ledger.balances.get(userAccount(user.pk)) ?? 0;
  return {
    status: 'ok' as const,
    user: { pk: user.pk, pkstr: user.pkstr, name: user.name, balance: ntd(balanceCents) },
    trans: memberSide(services, result.transferKey, user.pk),
  };
}

/** POST /admin/user/search: people whose pk, pkstr, name, student ID, mobile or e-mail match. */
export function searchUsers(services: PortalServices, rawKeyword: string) {
  const keyword = rawKeyword.trim().toLowerCase();
  if (keyword === '') return { status: 'ok' as const, list: [] };
  const now = services.now();
  const list: z.infer<typeof contract.searchedUserSchema>[] = [];
  for (const row of services.projections.models.users.byPk.values()) {
    const matches =
      String(row.pk) === keyword ||
      row.pkstr.toLowerCase() === keyword ||
      row.name.toLowerCase().includes(keyword) ||
      row.stuid.toLowerCase().includes(keyword) ||
      (keyword.length >= 4 && row.mobile.includes(keyword)) ||
      (keyword.length >= 3 && row.email.toLowerCase().includes(keyword));
    if (!matches) continue;
    const facts = userFacts(services, row.pk, now);
    list.push({
      pk: row.pk,
      pkstr: row.pkstr,
      name: row.name,
      stuid: row.stuid,
      studepartment: row.department,
      mobile: row.mobile,
      email: row.email,
      ismember: facts?.ismember ?? false,
      isstaff: facts?.isstaff ?? false,
      lastmember: facts?.lastmember ?? null,
      balance: ntd(facts?.balanceCents ?? 0),
    });
    if (list.length >= USER_SEARCH_LIMIT) break;
  }
  return { status: 'ok' as const, list };
}

// --- Routes ---

export const cashDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const staffOnly = requireRole('staff');
  const addValueStaff = requireStaffWith('addvalue');

  for (const direction of ['addvalue', 'takeback'] as const) {
    app.post(
      `/admin/cash/${direction}`,
      {
        preHandler: addValueStaff,
        schema: {
          tags: ['admin'],
          summary:
            direction === 'addvalue'
              ? 'Add value: the member handed over cash (needs addvalue)'
              : 'Take back: cash handed back to the member from their balance (needs addvalue)',
          body: contract.addValue.body,
          response: cashResponses(direction === 'addvalue' ? contract.addValue.ok : contract.takeBack.ok),
        },
      },
      async (request) =>
        changeCash(
          services,
          direction,
          request.body,
          staffLedgerRequest(services, request),
          idempotencyKey(request, request.body.requestId),
        ),
    );
  }

  app.post(
    '/admin/user/search',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'AdminUserSearch: people by pk, pkstr, name, student ID, mobile or e-mail',
        body: contract.staffUserSearch.body,
        response: cashResponses(contract.staffUserSearch.ok),
      },
    },
    async (request) => {
      // Every keyword search by staff is a row of the user search log (document 3); an empty keyword
      // only clears the results and is not a search.
      const keyword = request.body.keyword.trim();
      if (keyword !== '')
        await services.accounts.recordUserSearch(request.viewer!.row.pk, keyword, commandContext(request));
      return searchUsers(services, keyword);
    },
  );
};
