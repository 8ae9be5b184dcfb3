// Events of the ledger, as zod schemas (the types are inferred from them). Streams:
//   account-{id}       TransferDebited, TransferRefused, TransferCredited   (one stream per account)
//   membership-{pk}    DuesClaimed, DuePaid, DueReleased, DueRefunded, DueRefundSkipped
//   pouch-{barcode}    PouchRegistered, PouchUsed
//   deposit-counting   PouchCounted, DepositCommitted
// Every event names what it is about (accounts, user, semester), so projections reading the global log
// need not parse stream names. Times are ISO-8601 instants.
import { z } from 'zod';
import { semesterTagSchema, userPkSchema, workshopKindSchema } from '../access/events.ts';
import { ACCOUNT_ID_PATTERN } from './accounts.ts';
import { summaryCodeSchema } from './summary-text.ts';

export const accountIdSchema = z.string().regex(ACCOUNT_ID_PATTERN);
/** Integer cents that a JavaScript number holds exactly. */
export const centsSchema = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
export const positiveCentsSchema = centsSchema.positive();
export const instantSchema = z.iso.datetime();
/** A pouch barcode: printed on the pouch, unique; no spaces or slashes. */
export const pouchBarcodeSchema = z.string().regex(/^[0-9A-Za-z_-]{1,40}$/);
/**
 * The global name of a transfer: `{debit account}/{transferId}`. A transferId is unique within its debit
 * account (the account's decider enforces it), so the pair is unique in the ledger.
 */
export const transferKeySchema = z.string().regex(/^(?:[1-9]\d*|cash-[1-9]\d*)\/.+$/);

/**
 * What a transfer is for. 'transfer': a member's transfer (document 1); 'memberfee' and
 * 'workshop_deposit': dues (self-pay or staff collection); 'add_value' / 'take_back': cash at the counter;
 * 'pouch_topup': a cash pouch; 'deposit_commit': counted pouch cash moved to the club's cash; 'refund',
 * 'reversal' (delete, or the first half of a modify) and 'repost' (the second half): corrections;
 * 'posting': any other booking by staff or another domain (stock sales, giclee jobs, cash handover).
 */
export const transferKinds = [
  'transfer',
  'memberfee',
  'workshop_deposit',
  'add_value',
  'take_back',
  'pouch_topup',
  'deposit_commit',
  'refund',
  'reversal',
  'repost',
  'posting',
] as const;
export const transferKindSchema = z.enum(transferKinds);
export type TransferKind = z.infer<typeof transferKindSchema>;

/** A stock movement booked with a transfer: kind 1 purchase, 2 sale, 3 adjust (document 3, section 3). */
export const stockDeltaLinkSchema = z.object({
  stockPk: z.number().int().positive(),
  kind: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  delta: z.number().finite(),
});

/**
 * What a transfer is linked to. memberfee/workshop: the due it pays (or, on a refund, cancels); pouch: the
 * pouch barcode of a top-up; deposit: the counting batch; refundOf: the transfer a refund or reversal
 * corrects; replaces: the transfer a repost replaces; stockDelta and gicleeJob are for later domains
 * (on a refund, a gicleeJob link means the job's payment link is cleared so it can be paid again).
 */
export const transferLinksSchema = z.object({
  memberfee: z.object({ userPk: userPkSchema, semester: semesterTagSchema }).optional(),
  workshop: z
    .object({ userPk: userPkSchema, semester: semesterTagSchema, workshopKind: workshopKindSchema })
    .optional(),
  stockDelta: stockDeltaLinkSchema.optional(),
  gicleeJob: z.object({ jobPk: z.number().int().positive() }).optional(),
  pouch: pouchBarcodeSchema.optional(),
  deposit: z.object({ batchNo: z.number().int().positive() }).optional(),
  refundOf: transferKeySchema.optional(),
  replaces: transferKeySchema.optional(),
});
export type TransferLinks = z.infer<typeof transferLinksSchema>;

/** The content of a double-entry transfer: what moves, from where to where, why and by whom. */
export const postingSchema = z.object({
  /** The caller's idempotency key, namespaced by operation ('transfer:...', 'due:...', 'pouch:...'). */
  transferId: z.string().min(1).max(300),
  kind: transferKindSchema,
  debit: accountIdSchema,
  credit: accountIdSchema,
  amountCents: positiveCentsSchema,
  summary: z.string().max(500),
  /**
   * A system-made summary as a code with its parameters, rendered in the reader's language
   * (summary-text.ts); absent for text a person typed and on events written before codes existed.
   */
  summaryCode: summaryCodeSchema.optional(),
  /** The user who asked for it, or null for the system. */
  actorPk: userPkSchema.nullable(),
  links: transferLinksSchema,
});
export type Posting = z.infer<typeof postingSchema>;

// --- Account streams (account-{id}) ---

/** The debit side of a transfer, decided against the debited account with its expected revision. */
export const transferDebitedSchema = z.object({
  type: z.literal('TransferDebited'),
  data: z.object({
    transferKey: transferKeySchema,
    posting: postingSchema,
    /** When the transfer happened; the credit carries the same time. */
    at: instantSchema,
    fingerprint: z.string(),
    /** The debited account's balance after this entry. */
    balanceAfterCents: centsSchema,
  }),
});

/** The credit side, brought to the credited account by the process manager (or inline by the service). */
export const transferCreditedSchema = z.object({
  type: z.literal('TransferCredited'),
  data: z.object({
    transferKey: transferKeySchema,
    posting: postingSchema,
    /** The debit's time, so point-in-time balances of both sides agree. */
    at: instantSchema,
    fingerprint: z.string(),
    /** The credited account's balance after this entry. */
    balanceAfterCents: centsSchema,
  }),
});

export const recordedRefusalReasons = [
  'insufficient_balance',
  'amount_invalid',
  'summary_too_short',
] as const;

/**
 * A debit that a saga asked to be final either way was refused: the transferId can never be debited later,
 * so the saga may release what it claimed (see membership.ts). Moves no money.
 */
export const transferRefusedSchema = z.object({
  type: z.literal('TransferRefused'),
  data: z.object({
    transferKey: transferKeySchema,
    posting: postingSchema,
    at: instantSchema,
    fingerprint: z.string(),
    reason: z.enum(recordedRefusalReasons),
  }),
});

export const accountEventSchema = z.discriminatedUnion('type', [
  transferDebitedSchema,
  transferCreditedSchema,
  transferRefusedSchema,
]);
export type TransferDebited = z.infer<typeof transferDebitedSchema>;
export type TransferCredited = z.infer<typeof transferCreditedSchema>;
export type TransferRefused = z.infer<typeof transferRefusedSchema>;
export type AccountEvent = z.infer<typeof accountEventSchema>;
export type TransferDebitedData = TransferDebited['data'];

// --- Membership streams (membership-{pk}): dues of one person ---

/** Something a person pays once: the member fee of a semester, or the deposit of one workshop. */
export const dueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('memberfee'), semester: semesterTagSchema }),
  z.object({ kind: z.literal('workshop'), semester: semesterTagSchema, workshopKind: workshopKindSchema }),
]);
export type Due = z.infer<typeof dueSchema>;

/** One due of a claim, with the debit that pays it (decided later, possibly by the process manager). */
export const claimItemSchema = z.object({
  due: dueSchema,
  posting: postingSchema,
  /** The looked-up fact for the debit's balance check, fixed at claim time so a resumed saga repeats it. */
  allowDebt: z.boolean(),
});
export type ClaimItem = z.infer<typeof claimItemSchema>;

export const duesClaimedSchema = z.object({
  type: z.literal('DuesClaimed'),
  data: z.object({
    userPk: userPkSchema,
    claimId: z.string().min(1),
    fingerprint: z.string(),
    items: z.array(claimItemSchema).min(1),
    at: instantSchema,
  }),
});

export const duePaidSchema = z.object({
  type: z.literal('DuePaid'),
  data: z.object({
    userPk: userPkSchema,
    due: dueSchema,
    transferId: z.string().min(1),
    transferKey: transferKeySchema,
    at: instantSchema,
  }),
});

/** The paying debit was refused: the due is open again. */
export const dueReleasedSchema = z.object({
  type: z.literal('DueReleased'),
  data: z.object({
    userPk: userPkSchema,
    due: dueSchema,
    transferId: z.string().min(1),
    reason: z.enum(recordedRefusalReasons),
    at: instantSchema,
  }),
});

/** The paying transfer was refunded with the cancel option: the due is open again (pay again to rejoin). */
export const dueRefundedSchema = z.object({
  type: z.literal('DueRefunded'),
  data: z.object({
    userPk: userPkSchema,
    due: dueSchema,
    transferKey: transferKeySchema,
    refundTransferKey: transferKeySchema,
    at: instantSchema,
  }),
});

/** A refund asked to cancel a due that its refunded transfer no longer pays: nothing changed. */
export const dueRefundSkippedSchema = z.object({
  type: z.literal('DueRefundSkipped'),
  data: z.object({
    userPk: userPkSchema,
    due: dueSchema,
    transferKey: transferKeySchema,
    refundTransferKey: transferKeySchema,
    at: instantSchema,
  }),
});

export const membershipEventSchema = z.discriminatedUnion('type', [
  duesClaimedSchema,
  duePaidSchema,
  dueReleasedSchema,
  dueRefundedSchema,
  dueRefundSkippedSchema,
]);
export type MembershipEvent = z.infer<typeof membershipEventSchema>;

// --- Pouch streams (pouch-{barcode}) ---

export const pouchRegisteredSchema = z.object({
  type: z.literal('PouchRegistered'),
  data: z.object({ barcode: pouchBarcodeSchema, actorPk: userPkSchema.nullable(), at: instantSchema }),
});

/** A member put cash in the pouch and was credited at once by the posting (pouch clearing to member). */
export const pouchUsedSchema = z.object({
  type: z.literal('PouchUsed'),
  data: z.object({
    barcode: pouchBarcodeSchema,
    userPk: userPkSchema,
    amountCents: positiveCentsSchema,
    posting: postingSchema,
    at: instantSchema,
  }),
});

export const pouchEventSchema = z.discriminatedUnion('type', [pouchRegisteredSchema, pouchUsedSchema]);
export type PouchEvent = z.infer<typeof pouchEventSchema>;

// --- The deposit counting stream (deposit-counting) ---

export const banknotesSchema = z.object({
  n2000: z.number().int().nonnegative(),
  n1000: z.number().int().nonnegative(),
  n500: z.number().int().nonnegative(),
  n200: z.number().int().nonnegative(),
  n100: z.number().int().nonnegative(),
});
export type Banknotes = z.infer<typeof banknotesSchema>;

export const pouchCountedSchema = z.object({
  type: z.literal('PouchCounted'),
  data: z.object({
    batchNo: z.number().int().positive(),
    barcode: pouchBarcodeSchema,
    /** What the member said was in the pouch. */
    declaredCents: positiveCentsSchema,
    /** What staff counted. */
    countedCents: centsSchema.nonnegative(),
    /** Counted although it differs from the declared amount (the forced recount). */
    forced: z.boolean(),
    staffPk: userPkSchema,
    at: instantSchema,
  }),
});

export const depositCommittedSchema = z.object({
  type: z.literal('DepositCommitted'),
  data: z.object({
    batchNo: z.number().int().positive(),
    commitKey: z.string().min(1),
    fingerprint: z.string(),
    pouchCount: z.number().int().positive(),
    totalCents: centsSchema.nonnegative(),
    /** Null when staff sent only the banknote total (the breakdown stayed on their counting sheet). */
    banknotes: banknotesSchema.nullable(),
    coinsCents: centsSchema.nonnegative().nullable(),
    staffPk: userPkSchema,
    /** Club cash to pouch clearing for the total; null when the total is zero. */
    posting: postingSchema.nullable(),
    at: instantSchema,
  }),
});

export const depositEventSchema = z.discriminatedUnion('type', [pouchCountedSchema, depositCommittedSchema]);
export type DepositEvent = z.infer<typeof depositEventSchema>;

/** Every event of the ledger, for projections reading the global log. */
export const ledgerEventSchema = z.discriminatedUnion('type', [
  transferDebitedSchema,
  transferCreditedSchema,
  transferRefusedSchema,
  duesClaimedSchema,
  duePaidSchema,
  dueReleasedSchema,
  dueRefundedSchema,
  dueRefundSkippedSchema,
  pouchRegisteredSchema,
  pouchUsedSchema,
  pouchCountedSchema,
  depositCommittedSchema,
]);
export type LedgerEvent = z.infer<typeof ledgerEventSchema>;

export const ledgerEventTypes = [
  'TransferDebited',
  'TransferCredited',
  'TransferRefused',
  'DuesClaimed',
  'DuePaid',
  'DueReleased',
  'DueRefunded',
  'DueRefundSkipped',
  'PouchRegistered',
  'PouchUsed',
  'PouchCounted',
  'DepositCommitted',
] as const satisfies readonly LedgerEvent['type'][];

const ledgerEventTypeSet: ReadonlySet<string> = new Set(ledgerEventTypes);
export const isLedgerEventType = (type: string): type is LedgerEvent['type'] => ledgerEventTypeSet.has(type);

export const membershipStream = (userPk: number): string => `membership-${userPk}`;
export const pouchStream = (barcode: string): string => `pouch-${barcode}`;
export const DEPOSIT_COUNTING_STREAM = 'deposit-counting';

export const transferKeyOf = (debit: string, transferId: string): string => `${debit}/${transferId}`;

/** The debit account and transferId of a transfer key. */
export function parseTransferKey(transferKey: string): { debit: string; transferId: string } | null {
  if (!transferKeySchema.safeParse(transferKey).success) return null;
  const slash = transferKey.indexOf('/');
  return { debit: transferKey.slice(0, slash), transferId: transferKey.slice(slash + 1) };
}

/** The due key used inside a membership state: 'memberfee:115-1' or 'workshop:115-1:3'. */
export const dueKeyOf = (due: Due): string =>
  due.kind === 'memberfee' ? `memberfee:${due.semester}` : `workshop:${due.semester}:${due.workshopKind}`;

/** The due a transfer's links pay or cancel, and whose. */
export function dueOfLinks(links: TransferLinks): { userPk: number; due: Due } | null {
  if (links.memberfee) {
    return { userPk: links.memberfee.userPk, due: { kind: 'memberfee', semester: links.memberfee.semester } };
  }
  if (links.workshop) {
    const { userPk, semester, workshopKind } = links.workshop;
    return { userPk, due: { kind: 'workshop', semester, workshopKind } };
  }
  return null;
}
