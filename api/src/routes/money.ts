// The member's money (documents 1 to 3; core/src/ledger/README.md): transfers, the transaction log, paying
// the member fee from the balance, topping up with a numbered cash pouch, the semester info of the store
// scope, and the user search picker's data. docs/api.md describes every call.
//
// Reasons (HTTP 200 { status: 'fail', reason }), in the order they are checked:
//   transfer:  no_recipient, notfound (no such person, or an account a member may not pay), amount_invalid
//              (not a positive integer NTD), then the ledger's same_account, insufficient_balance,
//              summary_too_short, memberfee_account; mismatch (a requestId reused with other content).
//   fee:       semester_invalid, not_allowed (never a member, errormember, or not valid), already,
//              insufficient_balance, mismatch.
//   pouch:     amount_invalid (not a positive multiple of 100 NTD), pouch_unknown, pouch_used.
//
// Every write waits for the read models to reach its position before answering (read your own writes).
import { randomUUID } from 'node:crypto';
import { userAccount } from '@club/core/ledger/accounts';
import { CENTS_PER_NTD } from '@club/core/ledger/money';
import { membershipSummary } from '@club/core/ledger/membership';
import { nextSemester, semesterOf } from '@club/core/semester';
import { userPkstr } from '@club/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireRole } from '../auth/guards.ts';
import { scopeOf } from '../plugins/csrf.ts';
import type { PortalServices } from '../services.ts';
import {
  centsToNtd,
  isMemberPayableRecipient,
  MEMBER_PAYABLE_CLUB_ACCOUNTS,
  pageOfEntries,
  type TransactionView,
  transactionView,
} from '../views/ledger-rows.ts';
import { ReadCache } from '../views/read-cache.ts';
import { type UserFacts, userFacts, userView } from '../views/user-facts.ts';
import * as contract from '../contracts/money.ts';
import { responsesOf } from './schemas.ts';

// --- Helpers ---

/** A positive whole NTD amount, or null. */
export function wholeNtd(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(number) && number > 0 && Number.isSafeInteger(number * CENTS_PER_NTD)
    ? number
    : null;
}

/** The chosen recipient's pk; null when none was chosen; NaN for something that names nobody. */
function recipientPk(value: z.infer<typeof contract.transfer.body>['touserid']): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return value.pk;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return null;
  return /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
}

/** The body's requestId, else the Idempotency-Key header, else a fresh key (a new request). */
function idempotencyKey(request: FastifyRequest, requestId: string | undefined): string {
  if (requestId) return requestId;
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key && key.length <= 200 ? key : randomUUID();
}

/** Who asks, when and from where, as every ledger operation records it. */
function ledgerRequest(services: PortalServices, request: FastifyRequest) {
  return {
    now: services.now(),
    actorPk: request.viewer!.row.pk,
    scope: scopeOf(request.headers.scope),
    ip: request.ip,
  };
}

const hasAuthority = (viewer: UserFacts, key: string): boolean => viewer.authlist.includes(key);

/**
 * A refusal. The ledger's idempotency_mismatch is answered as 'mismatch', the code every other API call
 * uses for an idempotency key reused with other content.
 */
const fail = (reason: string) => ({
  status: 'fail' as const,
  reason: reason === 'idempotency_mismatch' ? 'mismatch' : reason,
});

// --- Routes ---

export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const models = () => services.projections.models;
  const transLogPages = new ReadCache<
    string,
    { status: 'ok'; loglist: TransactionView[]; pager: ReturnType<typeof pageOfEntries>['pager'] }
  >();

  /** The row of `transferKey` on `account`'s side, once the read models show it. */
  const rowOf = (transferKey: string, side: 'debit' | 'credit') => {
    const transfer = models().ledger.transfers.get(transferKey);
    const pk = side === 'debit' ? transfer?.debitPk : transfer?.creditPk;
    const entry = pk === undefined || pk === null ? undefined : models().ledger.entryByPk.get(pk);
    if (!entry) throw new Error(`transfer ${transferKey} (${side}) is not in the read model`);
    return transactionView(models().users, entry, models().stock);
  };

  const balanceOf = (pk: number): number => centsToNtd(models().ledger.balances.get(userAccount(pk)) ?? 0);

  app.put(
    '/user/transfer',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['money'],
        summary: 'Transfer stored value to another member or a club account (UserTransfer; store scope too)',
        body: contract.transfer.body,
        response: responsesOf(contract.transfer),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const body = request.body;
      const toPk = recipientPk(body.touserid);
      if (toPk === null) return fail('no_recipient');
      if (!Number.isSafeInteger(toPk) || toPk <= 0 || !isMemberPayableRecipient(models().users, toPk))
        return fail('notfound');
      const amountNtd = wholeNtd(body.amount);
      if (amountNtd === null) return fail('amount_invalid');
      const result = await services.ledger.transfer({
        ...ledgerRequest(services, request),
        transferId: idempotencyKey(request, body.requestId),
        from: viewer.row.pk,
        to: toPk,
        amountCents: amountNtd * CENTS_PER_NTD,
        summary: body.summary ?? '',
        allowDebt: hasAuthority(viewer, 'allowdebt'),
        // People are named by the accounts domain; the club's accounts by the ledger's registry.
        ...(models().users.byPk.has(toPk) ? { recipientName: models().users.byPk.get(toPk)!.name } : {}),
      });
      if (!result.ok) return fail(result.reason);
      await services.projections.waitFor(result.position);
      return {
        status: 'ok' as const,
        trans: rowOf(result.transferKey, 'debit'),
        balance: balanceOf(viewer.row.pk),
      };
    },
  );

  app.get(
    '/user/trans/log/:page',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['money'],
        summary: "The viewer's transaction log, newest first, 20 rows a page (TransLog)",
        params: contract.transLog.params,
        response: responsesOf(contract.transLog),
      },
    },
    // Synchronous: a returned value is sent at once, without the promise an async handler costs.
    (request) => {
      const pk = request.viewer!.row.pk;
      const page = Number(request.params.page);
      // A page changes only with an event (no part of a row moves with time): rendered once per position.
      return transLogPages.get(
        services.projections.position,
        `${pk}:${page}`,
        services.now().getTime(),
        () => {
          const { rows, pager } = pageOfEntries(models().ledger.entriesByAccount.get(userAccount(pk)), page);
          return {
            value: {
              status: 'ok' as const,
              loglist: rows.map((entry) => transactionView(models().users, entry, models().stock)),
              pager,
            },
            validUntilMs: Number.POSITIVE_INFINITY,
          };
        },
      );
    },
  );

  app.put(
    '/user/modify',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['money'],
        summary:
          'Pay the member fee (600 NTD) of the current or next semester from the balance (PayMemberFee)',
        body: contract.payMemberFee.body,
        response: responsesOf(contract.payMemberFee),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const result = await services.ledger.payMemberFee({
        ...ledgerRequest(services, request),
        claimId: idempotencyKey(request, request.body.requestId),
        userPk: viewer.row.pk,
        semester: request.body.paymemberfee.trim(),
        allowDebt: hasAuthority(viewer, 'allowdebt'),
        errormember: hasAuthority(viewer, 'errormember'),
        valid: viewer.row.valid,
      });
      if (!result.ok) return fail(result.reason);
      await services.projections.waitFor(result.position);
      const [paid] = result.transfers;
      if (!paid) throw new Error('a member-fee payment paid nothing');
      const facts = userFacts(services, viewer.row.pk, services.now());
      if (!facts) throw new Error(`user ${viewer.row.pk} vanished while paying the fee`);
      return { status: 'ok' as const, user: userView(facts), trans: rowOf(paid.transferKey, 'debit') };
    },
  );

  app.post(
    '/user/pouch/topup',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['money'],
        summary:
          'Top up with a numbered cash pouch: its barcode and the amount put in (multiples of 100 NTD)',
        body: contract.pouchTopUp.body,
        response: responsesOf(contract.pouchTopUp),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const amountNtd = wholeNtd(request.body.amount);
      const result = await services.ledger.pouchTopUp({
        ...ledgerRequest(services, request),
        barcode: (request.body.barcode ?? '').trim(),
        userPk: viewer.row.pk,
        // An amount that is not a whole NTD is no multiple of 100 either: the ledger refuses 0.
        amountCents: amountNtd === null ? 0 : amountNtd * CENTS_PER_NTD,
      });
      if (!result.ok) return fail(result.reason);
      await services.projections.waitFor(result.position);
      return {
        status: 'ok' as const,
        trans: rowOf(result.transferKey, 'credit'),
        balance: balanceOf(viewer.row.pk),
      };
    },
  );

  app.get(
    '/store/refresh',
    {
      schema: {
        tags: ['money'],
        summary: 'The current and next semester (the store scope refreshes these); no login needed',
        response: { 200: contract.storeRefresh.ok },
      },
    },
    async () => {
      const current = semesterOf(services.now());
      return {
        status: 'ok' as const,
        semesterinfo: { semester: current.tag, nextsemester: nextSemester(current).tag },
      };
    },
  );

  app.get(
    '/typeahead2/user',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['money'],
        summary: 'Everyone the user search picker can choose: people and the club accounts a member may pay',
        response: responsesOf(contract.userSearchList),
      },
    },
    async () => {
      const now = services.now();
      const current = semesterOf(now);
      const next = nextSemester(current);
      const { users, ledger } = models();
      const searchlist: z.infer<typeof contract.searchEntrySchema>[] = MEMBER_PAYABLE_CLUB_ACCOUNTS.map(
        (account) => {
          const pk = Number(account.id);
          return {
            pk,
            pkstr: userPkstr(pk),
            semester: '',
            name: account.nameZh,
            shortname: account.nameEn,
            prefix: true,
          };
        },
      );
      for (const row of users.byPk.values()) {
        const membership = ledger.memberships.get(row.pk);
        const lastmember = membership
          ? membershipSummary(membership, current.tag, next.tag).lastmember
          : null;
        searchlist.push({
          pk: row.pk,
          pkstr: row.pkstr,
          semester: lastmember ?? '',
          name: row.name,
          shortname: '',
          prefix: false,
        });
      }
      return { status: 'ok' as const, searchlist };
    },
  );
};
