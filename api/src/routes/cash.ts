// Staff cash (document 3, sections 2.2, 4, 5, 6, 7 and 8; docs/api.md, staff cash):
//   - AdminReceiveMemberFee: today's collections, 'prepare' (find the payer by student ID or mobile) and
//     'pay' (member fee and workshop deposits in cash, debited from the staff member's cash in hand);
//   - add value and take back at the counter (addvalue), with the user search that finds the person;
//   - cash pouches: registration (addvalue) and AdminDeposit's counting: list, scan, commit (addvalue).
//
// Money in bodies is whole NTD; the ledger keeps cents. Business refusals answer HTTP 200
// `{ status: 'fail', reason }`; every write waits for the read models before answering.
import type { WorkshopKind } from '@club/core/access/events';
import { isWorkshopKind } from '@club/core/access/workshop-roster';
import { newId } from '@club/core/ids';
import { userAccount } from '@club/core/ledger/accounts';
import { type Due, pouchBarcodeSchema } from '@club/core/ledger/events';
import { dueStatusOf } from '@club/core/ledger/membership';
import { CENTS_PER_NTD, MEMBER_FEE_CENTS, WORKSHOP_DEPOSIT_CENTS } from '@club/core/ledger/money';
import type { LedgerRequest } from '@club/core/ledger/service';
import { nextSemester, semesterOf, taipeiDate } from '@club/core/semester';
import {
  collectionRows,
  collectionsBy,
  type FeeCollectionRow,
  type PouchRow,
  pouchFlag,
  type UserRow,
  userPkstr,
} from '@club/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allows, requireRole } from '../auth/guards.ts';
import { scopeOf } from '../plugins/csrf.ts';
import type { PortalServices } from '../services.ts';
import { userFacts } from '../views/user-facts.ts';
import { failSchema, okSchema } from './schemas.ts';

/** The fee lookup keyword (document 3, section 5): a student ID or a 10-digit mobile number. */
export const STUID_KEYWORD_PATTERN = /^[A-Z]\d{2}[A-Z0-9]\d{2}[A-Z0-9]\d{2}$/;
export const MOBILE_KEYWORD_PATTERN = /^\d{10}$/;

/** At most this many people answer a user search. */
const USER_SEARCH_LIMIT = 30;
/** At most this many pouches are registered in one call. */
const POUCH_REGISTER_LIMIT = 500;

const MEMBER_FEE_NTD = MEMBER_FEE_CENTS / CENTS_PER_NTD;
const WORKSHOP_DEPOSIT_NTD = WORKSHOP_DEPOSIT_CENTS / CENTS_PER_NTD;
/** Add value takes cash in multiples of 100 NTD (document 3, section 5: deposit amounts). */
const ADD_VALUE_STEP_NTD = 100;

/** The display id of a transaction row: T plus its pk (the global position of its event). */
export const transactionPkstr = (pk: number): string => `T${pk}`;

// --- Schemas ---

const userRefSchema = z.object({ pk: z.number(), pkstr: z.string(), name: z.string() });
type UserRef = z.infer<typeof userRefSchema>;

/** A transaction as the receipt shows it; `delta` is the amount paid, whole NTD. */
const transSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  timestamp: z.string(),
  summary: z.string(),
  delta: z.number(),
});

/** Fee payment record (document 3): user, trans, pk; plus what it paid and the receipt it belongs to. */
const collectionRowSchema = z.object({
  pk: z.number(),
  user: userRefSchema,
  trans: transSchema,
  /** Rows with the same collection were paid together: they form one receipt. */
  collection: z.string(),
  kind: z.enum(['memberfee', 'workshop']),
  semester: z.string(),
  workshopKind: z.number().nullable(),
  /** The staff member who took the cash. */
  staff: userRefSchema,
  /** Refunded since (AdminTransDetail). */
  refunded: z.boolean(),
});
type CollectionRowView = z.infer<typeof collectionRowSchema>;

const feeListSchema = okSchema.extend({
  loglist: z.array(collectionRowSchema),
  count: z.number(),
  /** Sum of the listed rows that were not refunded, whole NTD. */
  total: z.number(),
});

/** Fee payer user (document 3): name, studepartment, stuid, ismember, pk; and what the screen needs. */
const payerSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  studepartment: z.string(),
  stuid: z.string(),
  identity: z.number(),
  ismember: z.boolean(),
  isnextmember: z.boolean(),
  lastmember: z.string().nullable(),
  /** The normalised keyword the payer was found by; 'pay' finds them again by it. */
  keyword: z.string(),
  /** The semester a member fee paid now is for (the current one, else the next), or null if both are paid. */
  memberfeeSemester: z.string().nullable(),
  memberfee: z.number(),
});

/** Workshop pending list item (document 3): pk, kind, trans (false while unpaid). */
const pendingWorkshopSchema = z.object({
  /** '{semester}:{kind}', what 'pay' takes in workshopChecked. */
  pk: z.string(),
  kind: z.number(),
  semester: z.string(),
  trans: z.literal(false),
  amount: z.number(),
});

const prepareOkSchema = okSchema.extend({
  userwaitforpay: payerSchema,
  workshoplist: z.array(pendingWorkshopSchema),
});
const payOkSchema = okSchema.extend({
  detail: z.literal('finish'),
  resultList: z.array(collectionRowSchema),
});

/** A refusal; 'already' carries the payer's name, a pouch 'amount' the declared amount. */
const cashFailSchema = failSchema.extend({
  name: z.string().optional(),
  declared: z.number().optional(),
  barcode: z.string().optional(),
});

const cashResponses = <Ok extends z.ZodType>(ok: Ok) => ({
  200: z.union([ok, cashFailSchema]),
  400: failSchema,
  401: failSchema,
  403: failSchema,
});

const requestIdSchema = z.string().min(1).max(200).optional();

/** The payer as 'prepare' answered it, posted back by 'pay' (other fields are ignored). */
const payerBodySchema = z.object({
  pk: z.number().int(),
  keyword: z.string().max(100),
  memberfeeSemester: z.string().max(20).nullable().optional(),
});

export const feeBodySchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('prepare'), keyword: z.string().max(100) }),
  z.object({
    cmd: z.literal('pay'),
    userwaitforpay: payerBodySchema,
    memberfeeChecked: z.boolean(),
    /** The pks of the chosen pending workshops, or a map of pk to chosen. */
    workshopChecked: z
      .union([z.array(z.string().max(40)).max(20), z.record(z.string().max(40), z.boolean())])
      .optional(),
    /** What the screen showed as the total, whole NTD; must match the chosen items. */
    totalNeedPay: z.number(),
    requestId: requestIdSchema,
  }),
]);
export type FeeBody = z.infer<typeof feeBodySchema>;

/** A number or a numeric string, as a form may send it; checked by the handler. */
const looseNumberSchema = z.union([z.number(), z.string().max(30)]);

const cashChangeBodySchema = z.object({
  userpk: z.number().int(),
  /** Whole NTD. */
  amount: looseNumberSchema,
  /** Optional text for the transaction (default 現金儲值 / 現金退還). */
  summary: z.string().max(200).optional(),
  requestId: requestIdSchema,
});
type CashChangeBody = z.infer<typeof cashChangeBodySchema>;

const cashChangeOkSchema = okSchema.extend({
  user: userRefSchema.extend({ balance: z.number() }),
  /** The member's side of the transaction: positive for add value, negative for take back. */
  trans: transSchema,
});

const searchedUserSchema = userRefSchema.extend({
  stuid: z.string(),
  studepartment: z.string(),
  mobile: z.string(),
  email: z.string(),
  ismember: z.boolean(),
  isstaff: z.boolean(),
  lastmember: z.string().nullable(),
  balance: z.number(),
});

/** Deposit pocket (document 3): barcode, row (user, timestamp, amount, flag); see cash.ts for flags. */
const pocketSchema = z.object({
  barcode: z.string(),
  row: z.object({
    /** The member who used the pouch, or null while unused. */
    user: userRefSchema.nullable(),
    /** When it was used (or registered, while unused). */
    timestamp: z.string(),
    /** The declared amount, whole NTD (0 while unused). */
    amount: z.number(),
    /** 0 registered unused, 1 used awaiting count, 2 counted in the open batch. */
    flag: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    /** What staff counted (flag 2), else null. */
    counted: z.number().nullable(),
    /** Counted although the amount differed (the forced recount). */
    forced: z.boolean(),
  }),
});
type PocketView = z.infer<typeof pocketSchema>;

const depositListSchema = okSchema.extend({
  pocketList: z.array(pocketSchema),
  batchNo: z.number(),
  /** Pouches counted in the open batch and their total, whole NTD: settle 1 and 2 check against these. */
  countedCount: z.number(),
  countedTotal: z.number(),
  pocketTotal: z.number(),
  pocketUsed: z.number(),
});

const banknotesBodySchema = z.object({
  '2000': looseNumberSchema,
  '1000': looseNumberSchema,
  '500': looseNumberSchema,
  '200': looseNumberSchema,
  '100': looseNumberSchema,
});

// --- Helpers ---

type Fail = { status: 'fail'; reason: string; name?: string; declared?: number; barcode?: string };
const fail = (reason: string, extra: Omit<Fail, 'status' | 'reason'> = {}): Fail => ({
  status: 'fail',
  reason,
  ...extra,
});

const ntd = (cents: number): number => cents / CENTS_PER_NTD;

/** A whole, non-negative number from a number or a numeric string; null otherwise. */
function wholeNumber(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  const number = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** The idempotency key: the body's requestId, else the Idempotency-Key header, else a fresh one. */
function idempotencyKey(request: FastifyRequest, requestId: string | undefined): string {
  if (requestId) return requestId;
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key && key.length <= 200 ? key : newId();
}

function ledgerRequest(services: PortalServices, request: FastifyRequest): LedgerRequest {
  return {
    now: services.now(),
    actorPk: request.viewer!.row.pk,
    correlationId: request.id,
    scope: scopeOf(request.headers.scope),
    ip: request.ip,
  };
}

const userRef = (services: PortalServices, pk: number): UserRef => {
  const row = services.projections.models.users.byPk.get(pk);
  return { pk, pkstr: row?.pkstr ?? userPkstr(pk), name: row?.name ?? '' };
};

function collectionView(services: PortalServices, row: FeeCollectionRow): CollectionRowView {
  return {
    pk: row.pk,
    user: userRef(services, row.payerPk),
    trans: {
      pk: row.pk,
      pkstr: transactionPkstr(row.pk),
      timestamp: row.at,
      summary: row.summary,
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

/** Active staff who also hold `authority` (document 3, section 6: addvalue is deposit, takeback, bags). */
const requireStaffWith = (authority: string) => {
  const staffOnly = requireRole('staff');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await staffOnly(request, reply);
    if (reply.sent) return reply;
    if (!allows(request.viewer!, { authority }))
      return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
  };
};

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
  const pending: z.infer<typeof pendingWorkshopSchema>[] = [];
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
    summary: transfer.posting.summary,
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
  const list: z.infer<typeof searchedUserSchema>[] = [];
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
 * POST /admin/deposit/commit: settle 1 (pocketCount equals the counted pouches) and settle 2 (banknotes
 * and coins add up to the counted total), then the batch's cash moves to the club's cash. Reasons:
 * 'format' (a count that is not a whole non-negative number), 'empty' (nothing counted), 'quantity',
 * 'total' (also when banknoteTotal disagrees with the banknotes and coins), 'mismatch'.
 */
export async function commitDeposit(
  services: PortalServices,
  body: {
    pocketCount: number | string;
    banknotes: z.infer<typeof banknotesBodySchema>;
    coins: number | string;
    banknoteTotal?: number | string | undefined;
  },
  request: LedgerRequest & { actorPk: number },
  idempotency: string,
) {
  const pocketCount = wholeNumber(body.pocketCount);
  const notes = {
    n2000: wholeNumber(body.banknotes['2000']),
    n1000: wholeNumber(body.banknotes['1000']),
    n500: wholeNumber(body.banknotes['500']),
    n200: wholeNumber(body.banknotes['200']),
    n100: wholeNumber(body.banknotes['100']),
  };
  const coins = wholeNumber(body.coins);
  const { n2000, n1000, n500, n200, n100 } = notes;
  if (
    pocketCount === null ||
    coins === null ||
    n2000 === null ||
    n1000 === null ||
    n500 === null ||
    n200 === null ||
    n100 === null
  )
    return fail('format');
  const banknotes = { n2000, n1000, n500, n200, n100 };
  const sum = n2000 * 2000 + n1000 * 1000 + n500 * 500 + n200 * 200 + n100 * 100 + coins;
  if (body.banknoteTotal !== undefined) {
    const stated = wholeNumber(body.banknoteTotal);
    if (stated === null) return fail('format');
    if (stated !== sum) return fail('total');
  }
  const result = await services.ledger.commitDeposit({
    ...request,
    commitKey: `${request.actorPk}:${idempotency}`,
    pocketCount,
    banknotes,
    coinsCents: coins * CENTS_PER_NTD,
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

// --- Routes ---

export const cashRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const staffOnly = requireRole('staff');
  const addValueStaff = requireStaffWith('addvalue');
  const asStaff = (request: FastifyRequest) => ({
    ...ledgerRequest(services, request),
    actorPk: request.viewer!.row.pk,
  });

  app.get(
    '/admin/receive/member/fee',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The member fees and workshop deposits the viewer collected today (AdminReceiveMemberFee)',
        response: cashResponses(feeListSchema),
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
        body: feeBodySchema,
        response: cashResponses(z.union([prepareOkSchema, payOkSchema])),
      },
    },
    async (request) => {
      const { body } = request;
      const staffPk = request.viewer!.row.pk;
      if (body.cmd === 'prepare') return prepareFeeCollection(services, staffPk, body.keyword);
      return payFeeCollection(services, body, asStaff(request), idempotencyKey(request, body.requestId));
    },
  );

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
          body: cashChangeBodySchema,
          response: cashResponses(cashChangeOkSchema),
        },
      },
      async (request) =>
        changeCash(
          services,
          direction,
          request.body,
          asStaff(request),
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
        body: z.object({ keyword: z.string().max(100) }),
        response: cashResponses(okSchema.extend({ list: z.array(searchedUserSchema) })),
      },
    },
    async (request) => searchUsers(services, request.body.keyword),
  );

  app.post(
    '/admin/deposit/pouch',
    {
      preHandler: addValueStaff,
      schema: {
        tags: ['admin'],
        summary: 'Register numbered cash pouches (needs addvalue)',
        body: z.object({ barcodes: z.array(z.string().max(100)).max(POUCH_REGISTER_LIMIT) }),
        response: cashResponses(
          okSchema.extend({ registered: z.array(z.string()), existing: z.array(z.string()) }),
        ),
      },
    },
    async (request) => registerPouches(services, request.body.barcodes, asStaff(request)),
  );

  app.get(
    '/admin/deposit/list',
    {
      preHandler: addValueStaff,
      schema: {
        tags: ['admin'],
        summary: 'AdminDeposit: the pouches, and what the open batch has counted (needs addvalue)',
        response: cashResponses(depositListSchema),
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
        body: z.object({
          scanedPocket: z.string().max(100),
          amount: looseNumberSchema,
          force: z.boolean().optional(),
        }),
        response: cashResponses(
          okSchema.extend({ pocket: pocketSchema, countedCount: z.number(), countedTotal: z.number() }),
        ),
      },
    },
    async (request) => scanPouch(services, request.body, asStaff(request)),
  );

  app.post(
    '/admin/deposit/commit',
    {
      preHandler: addValueStaff,
      schema: {
        tags: ['admin'],
        summary: 'AdminDeposit settle and commit: the counted cash goes to the club (needs addvalue)',
        body: z.object({
          pocketCount: looseNumberSchema,
          banknotes: banknotesBodySchema,
          coins: looseNumberSchema,
          banknoteTotal: looseNumberSchema.optional(),
          requestId: requestIdSchema,
        }),
        response: cashResponses(
          okSchema.extend({ batchNo: z.number(), total: z.number(), pocketCount: z.number() }),
        ),
      },
    },
    async (request) =>
      commitDeposit(
        services,
        request.body,
        asStaff(request),
        idempotencyKey(request, request.body.requestId),
      ),
  );
};
