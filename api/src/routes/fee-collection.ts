// Staff fee collection, AdminReceiveMemberFee (document 3, sections 2.2, 4, 5 and 8; docs/api.md, staff
// cash): today's collections, 'prepare' (find the payer by student ID or mobile) and 'pay' (member fee and
// workshop deposits in cash, debited from the staff member's cash in hand).
//
// Money in bodies is whole NTD; the ledger keeps cents. Business refusals answer HTTP 200
// `{ status: 'fail', reason }`; every write waits for the read models before answering.
import type { WorkshopKind } from '@club/core/access/events';
import { isWorkshopKind } from '@club/core/access/workshop-roster';
import type { Due } from '@club/core/ledger/events';
import { dueStatusOf } from '@club/core/ledger/membership';
import { CENTS_PER_NTD, MEMBER_FEE_CENTS, WORKSHOP_DEPOSIT_CENTS } from '@club/core/ledger/money';
import type { LedgerRequest } from '@club/core/ledger/service';
import { nextSemester, semesterOf, taipeiDate } from '@club/core/semester';
import { collectionRows, collectionsBy, type FeeCollectionRow, type UserRow } from '@club/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as contract from '../contracts/fee-collection.ts';
import { requireRole } from '../auth/guards.ts';
import type { PortalServices } from '../services.ts';
import {
  cashResponses,
  fail,
  idempotencyKey,
  ntd,
  staffLedgerRequest,
  transactionPkstr,
  userRef,
} from '../views/staff-cash.ts';
import { summaryTexts } from '../views/ledger-rows.ts';
import { userFacts } from '../views/user-facts.ts';

/** The fee lookup keyword (document 3, section 5): a student ID or a 10-digit mobile number. */
export const STUID_KEYWORD_PATTERN = /^[A-Z]\d{2}[A-Z0-9]\d{2}[A-Z0-9]\d{2}$/;
export const MOBILE_KEYWORD_PATTERN = /^\d{10}$/;

const MEMBER_FEE_NTD = MEMBER_FEE_CENTS / CENTS_PER_NTD;
const WORKSHOP_DEPOSIT_NTD = WORKSHOP_DEPOSIT_CENTS / CENTS_PER_NTD;

// --- Schemas (api/src/contracts/fee-collection.ts) ---

export { feeBodySchema } from '../contracts/fee-collection.ts';
export type FeeBody = z.infer<typeof contract.feeBodySchema>;
type CollectionRowView = z.infer<typeof contract.collectionRowSchema>;

// --- Helpers ---

function collectionView(services: PortalServices, row: FeeCollectionRow): CollectionRowView {
  return {
    pk: row.pk,
    user: userRef(services, row.payerPk),
    trans: {
      pk: row.pk,
      pkstr: transactionPkstr(row.pk),
      timestamp: row.at,
      ...summaryTexts(row.summaryCode),
      delta: ntd(row.amountCents),
    },
    collection: row.collectionId,
    kind: row.due.kind,
    semester: row.due.semester,
    workshopKind: row.due.kind === 'workshop' ? row.due.workshopKind : null,
    staff: userRef(services, row.staffPk),
    refunded: row.refunded,
  };
}

// --- AdminReceiveMemberFee ---

/** Upper-cased and trimmed, as the screen sends it. */
export const normalizeFeeKeyword = (keyword: string): string => keyword.trim().toUpperCase();

type PayerLookup =
  | { kind: 'format' }
  | { kind: 'notfound' }
  | { kind: 'found'; row: UserRow; keyword: string; identifiedBy: 'stuid' | 'mobile' };

export function findFeePayer(services: PortalServices, rawKeyword: string): PayerLookup {
  const keyword = normalizeFeeKeyword(rawKeyword);
  const { users } = services.projections.models;
  let pk: number | undefined;
  let identifiedBy: 'stuid' | 'mobile';
  if (STUID_KEYWORD_PATTERN.test(keyword)) {
    pk = users.byStuid.get(keyword);
    identifiedBy = 'stuid';
  } else if (MOBILE_KEYWORD_PATTERN.test(keyword)) {
    pk = users.byMobile.get(keyword);
    identifiedBy = 'mobile';
  } else {
    return { kind: 'format' };
  }
  const row = pk === undefined ? undefined : users.byPk.get(pk);
  return row ? { kind: 'found', row, keyword, identifiedBy } : { kind: 'notfound' };
}

interface PayerFacts {
  row: UserRow;
  keyword: string;
  identifiedBy: 'stuid' | 'mobile';
  ismember: boolean;
  isnextmember: boolean;
  lastmember: string | null;
  isCurrentStaff: boolean;
  errormember: boolean;
  needsReview: boolean;
}

function payerFacts(services: PortalServices, found: Extract<PayerLookup, { kind: 'found' }>): PayerFacts {
  const facts = userFacts(services, found.row.pk, services.now());
  if (!facts) throw new Error(`user ${found.row.pk} vanished from the read model`);
  return {
    row: found.row,
    keyword: found.keyword,
    identifiedBy: found.identifiedBy,
    ismember: facts.ismember,
    isnextmember: facts.isnextmember,
    lastmember: facts.lastmember,
    isCurrentStaff: facts.isstaff,
    errormember: facts.authlist.includes('errormember'),
    // Another-school students (identity 3) wait for the president's review before they may join.
    needsReview: found.row.identity === 3 && !found.row.valid,
  };
}

/**
 * Who staff may not collect from, in the ledger's order (core/src/ledger/membership.ts, the collection
 * gate); 'prepare' checks it so the screen can tell at once, and the ledger checks it again on 'pay'.
 */
function collectionRefusal(staffPk: number, payer: PayerFacts): string | null {
  if (payer.row.pk === staffPk) return 'self';
  if (payer.isCurrentStaff) return 'staff';
  if (payer.errormember) return 'errormember';
  if (payer.needsReview) return 'needreview';
  // A person who is not a member this semester must show a student ID, not just a phone number.
  if (payer.identifiedBy !== 'stuid' && !payer.ismember) return 'notfound';
  return null;
}

/** Whether a due is open (neither paid nor being paid) in the ledger's read model. */
function dueIsOpen(services: PortalServices, userPk: number, due: Due): boolean {
  const membership = services.projections.models.ledger.memberships.get(userPk);
  return membership === undefined || dueStatusOf(membership, due).status === 'open';
}

/**
 * The semester a member fee collected now pays: the current semester while it is open, else the next
 * one (staff collecting at the end of a semester for the next), else none.
 */
function memberfeeSemesterFor(services: PortalServices, userPk: number): string | null {
  const current = semesterOf(services.now());
  for (const semester of [current.tag, nextSemester(current).tag]) {
    if (dueIsOpen(services, userPk, { kind: 'memberfee', semester })) return semester;
  }
  return null;
}

/** The payer's workshop entries (current and next semester) whose deposit is still unpaid. */
function pendingWorkshops(services: PortalServices, userPk: number) {
  const current = semesterOf(services.now());
  const { workshopsBySemester } = services.projections.models.access;
  const pending: z.infer<typeof contract.pendingWorkshopSchema>[] = [];
  for (const semester of [current.tag, nextSemester(current).tag]) {
    for (const entry of workshopsBySemester.get(semester)?.entries.values() ?? []) {
      if (entry.userPk !== userPk || entry.deposit.status === 'paid') continue;
      if (!dueIsOpen(services, userPk, { kind: 'workshop', semester, workshopKind: entry.kind })) continue;
      pending.push({
        pk: `${semester}:${entry.kind}`,
        kind: entry.kind,
        semester,
        trans: false,
        amount: WORKSHOP_DEPOSIT_NTD,
      });
    }
  }
  return pending;
}

/** GET /admin/receive/member/fee: the viewer's collections of today (Taipei date), oldest first. */
export function todaysCollections(services: PortalServices, staffPk: number) {
  const today = taipeiDate(services.now());
  const rows = collectionsBy(services.projections.models.cash, staffPk).filter(
    (row) => taipeiDate(new Date(row.at)) === today,
  );
  return {
    status: 'ok' as const,
    loglist: rows.map((row) => collectionView(services, row)),
    count: rows.length,
    total: ntd(rows.reduce((sum, row) => sum + (row.refunded ? 0 : row.amountCents), 0)),
  };
}

/** 'prepare': finds the payer and what they may pay. */
export function prepareFeeCollection(services: PortalServices, staffPk: number, keyword: string) {
  const found = findFeePayer(services, keyword);
  if (found.kind !== 'found') return fail(found.kind);
  const payer = payerFacts(services, found);
  const refusal = collectionRefusal(staffPk, payer);
  if (refusal) return fail(refusal, refusal === 'notfound' ? {} : { name: payer.row.name });
  return {
    status: 'ok' as const,
    userwaitforpay: {
      pk: payer.row.pk,
      pkstr: payer.row.pkstr,
      name: payer.row.name,
      studepartment: payer.row.department,
      stuid: payer.row.stuid,
      identity: payer.row.identity,
      ismember: payer.ismember,
      isnextmember: payer.isnextmember,
      lastmember: payer.lastmember,
      keyword: payer.keyword,
      memberfeeSemester: memberfeeSemesterFor(services, payer.row.pk),
      memberfee: MEMBER_FEE_NTD,
    },
    workshoplist: pendingWorkshops(services, payer.row.pk),
  };
}

const checkedWorkshopPks = (checked: Extract<FeeBody, { cmd: 'pay' }>['workshopChecked']): string[] => {
  if (checked === undefined) return [];
  if (Array.isArray(checked)) return [...new Set(checked)];
  return Object.entries(checked)
    .filter(([, chosen]) => chosen)
    .map(([pk]) => pk);
};

/** 'pay': takes the chosen dues in cash; the staff member's cash in hand pays them (it may go negative). */
export async function payFeeCollection(
  services: PortalServices,
  body: Extract<FeeBody, { cmd: 'pay' }>,
  request: LedgerRequest & { actorPk: number },
  idempotency: string,
) {
  const staffPk = request.actorPk;
  const found = findFeePayer(services, body.userwaitforpay.keyword);
  if (found.kind === 'format') return fail('format');
  if (found.kind === 'notfound' || found.row.pk !== body.userwaitforpay.pk) return fail('notfound');
  const payer = payerFacts(services, found);
  const name = payer.row.name;

  let memberfeeSemester: string | null = null;
  if (body.memberfeeChecked) {
    memberfeeSemester = body.userwaitforpay.memberfeeSemester ?? memberfeeSemesterFor(services, payer.row.pk);
    // Both the current and the next semester are paid: nothing left to pay.
    if (memberfeeSemester === null) return fail('already', { name });
  }

  const workshops: { semester: string; workshopKind: WorkshopKind }[] = [];
  for (const pk of checkedWorkshopPks(body.workshopChecked)) {
    const [semester = '', kindText = ''] = pk.split(':');
    const kind = Number(kindText);
    if (!isWorkshopKind(kind)) return fail('other');
    const entry = services.projections.models.access.workshopsBySemester
      .get(semester)
      ?.entries.get(`${payer.row.pk}:${kind}`);
    if (!entry) return fail('other');
    if (entry.deposit.status === 'paid') return fail('already', { name });
    workshops.push({ semester, workshopKind: kind });
  }

  const totalNeedPayCents = Number.isSafeInteger(body.totalNeedPay) ? body.totalNeedPay * CENTS_PER_NTD : -1;
  const collectionId = `fee:${staffPk}:${idempotency}`;
  const result = await services.ledger.receiveMemberFee({
    ...request,
    collectionId,
    staffPk,
    payer: {
      pk: payer.row.pk,
      isCurrentStaff: payer.isCurrentStaff,
      errormember: payer.errormember,
      needsReview: payer.needsReview,
      identifiedBy: payer.identifiedBy,
    },
    memberfeeSemester,
    workshops,
    totalNeedPayCents,
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'already':
      case 'self':
      case 'staff':
      case 'errormember':
      case 'needreview':
        return fail(result.reason, { name });
      case 'notfound':
      case 'other':
        return fail(result.reason);
      case 'idempotency_mismatch':
        return fail('mismatch');
      default: {
        const unhandled: never = result.reason;
        throw new Error(`unhandled fee collection reason ${String(unhandled)}`);
      }
    }
  }
  await services.projections.waitFor(result.position);
  const rows = collectionRows(services.projections.models.cash, staffPk, collectionId);
  return {
    status: 'ok' as const,
    detail: 'finish' as const,
    resultList: rows.map((row) => collectionView(services, row)),
  };
}

// --- Routes ---

export const feeCollectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const staffOnly = requireRole('staff');

  app.get(
    '/admin/receive/member/fee',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The member fees and workshop deposits the viewer collected today (AdminReceiveMemberFee)',
        response: cashResponses(contract.todaysCollections.ok),
      },
    },
    async (request) => todaysCollections(services, request.viewer!.row.pk),
  );

  app.post(
    '/admin/receive/member/fee',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['admin'],
        summary: "Fee collection: 'prepare' finds the payer, 'pay' takes the member fee and deposits in cash",
        body: contract.feeCollection.body,
        response: cashResponses(contract.feeCollection.ok),
      },
    },
    async (request) => {
      const { body } = request;
      const staffPk = request.viewer!.row.pk;
      if (body.cmd === 'prepare') return prepareFeeCollection(services, staffPk, body.keyword);
      return payFeeCollection(
        services,
        body,
        staffLedgerRequest(services, request),
        idempotencyKey(request, body.requestId),
      );
    },
  );
};
