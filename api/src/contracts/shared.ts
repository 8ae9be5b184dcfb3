// The pieces every domain's HTTP contract shares: the ok/fail envelope and the reason codes every call
// may answer, the pager, a person in lists, a transaction row, and the `endpoint` descriptor that ties a
// call's method and path to its schemas. Pure zod: the API's routes, the OpenAPI document and the web's
// types (type-only imports; docs/api.md, contracts) all come from these modules.
import { z } from 'zod';

// --- Envelope ---

/** Every success body: `{ status: 'ok', ...fields }`. */
export const okSchema = z.object({ status: z.literal('ok') });

/**
 * A refusal: a business rule (HTTP 200) or a guard answer (400, 401, 403, 429, 500). `fields` lists the
 * fields of a body that did not parse (400 badrequest).
 */
export const failSchema = z.object({
  status: z.literal('fail'),
  reason: z.string(),
  fields: z.array(z.string()).optional(),
});

/**
 * Reason codes any call may answer, whatever its domain (docs/api.md, conventions). A domain's own
 * codes are listed in its contract module; the wire type stays `string` so that a new code never turns
 * a refusal into a serialisation error.
 */
export const guardReasons = [
  'badrequest',
  'login',
  'forbidden',
  'csrf',
  'toomany',
  'servicedown',
  'mismatch',
  'unknown',
] as const;
export type GuardReason = (typeof guardReasons)[number];

/** An idempotency key (or send an Idempotency-Key header); without one every call is a new request. */
export const requestIdSchema = z.string().min(1).max(200).optional();

/** A page number in a path, from 1. */
export const pageParamsSchema = z.object({ page: z.string().regex(/^[1-9]\d{0,6}$/) });

/** A number or a numeric string, as a form may send it; checked by the handler. */
export const looseNumberSchema = z.union([z.number(), z.string().max(30)]);

// --- Shapes shared by several domains ---

/** The pager of every paged list (document 3); pages start at 1. */
export const pagerSchema = z.object({ totalrows: z.number(), rowsperpage: z.number(), page: z.number() });

/** A person named in a row: pk, 'U'-padded pkstr and name. */
export const personRefSchema = z.object({ pk: z.number(), pkstr: z.string(), name: z.string() });

/** A person in lists (document 3, section 3: user in lists), as rosters and permissions show them. */
export const listedUserSchema = personRefSchema.extend({
  stuid: z.string(),
  studepartment: z.string(),
  mobile: z.string(),
  email: z.string(),
  facebook: z.string(),
});

/**
 * The account on either side of a transaction row. A person's account is named by the person; the
 * club's accounts and a staff member's cash in hand are non-human (`prefix`: true, as the search picker
 * marks them) and carry their English name too, so the client can show either language.
 */
export const accountPartySchema = z.object({
  /** The user pk of the account (the staff member's pk for their cash in hand). */
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  /** Non-human accounts only: the name in English. */
  nameEn: z.string().optional(),
  /** The ledger's account id: '{pk}' or 'cash-{pk}'. */
  account: z.string(),
  prefix: z.boolean(),
});

/** Transaction row (document 3, section 3: Transaction): one side of a transfer in an account's log. */
export const transactionSchema = z.object({
  /** The global position of this side's event. */
  pk: z.number(),
  /** 'T' + pk. */
  pkstr: z.string(),
  /** The other side's pk (null while the money is still on its way to the other account). */
  sympk: z.number().nullable(),
  sympkstr: z.string().nullable(),
  /** When the transfer happened (ISO instant; both sides share it). */
  timestamp: z.string(),
  /** The account this row belongs to. */
  user: accountPartySchema,
  /** The other account. */
  symuser: accountPartySchema,
  /** Who booked it (null: the system, such as the process manager). */
  execuser: personRefSchema.nullable(),
  summary: z.string(),
  /** The summary in English (the same as `summary` for text a person typed). */
  summaryEn: z.string(),
  /** NTD, signed: positive for money in, negative for money out. */
  delta: z.number(),
  /** The account's balance right after this row, NTD. */
  balance: z.number(),
  /** The ledger's posting kind (transfer, memberfee, pouch_topup, add_value, refund, ...). */
  kind: z.string(),
  /**
   * The stock line booked with it (a counter sale, a purchase, or a refund of either): the item, the
   * delta kind (1 purchase, 2 sale, 3 adjust) and the signed quantity; `saleId` groups the lines of one
   * sale. Null or absent when the transaction moved no stock.
   */
  stock: z
    .object({
      pk: z.number(),
      pkstr: z.string(),
      name: z.string(),
      unit: z.string(),
      kind: z.number(),
      quantity: z.number(),
      saleId: z.string().nullable(),
    })
    .nullable()
    .optional(),
});

/** A transaction as a staff receipt shows it; `delta` is the amount, whole NTD. */
export const receiptTransSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  timestamp: z.string(),
  summary: z.string(),
  /** The summary in English (the same as `summary` for text a person typed). */
  summaryEn: z.string(),
  delta: z.number(),
});

/** A staff cash refusal (fee collection, cash desk, pouches): 'already' carries the payer's name, a
 * pouch 'amount' the declared amount, a malformed pouch the barcode. */
export const cashFailSchema = failSchema.extend({
  name: z.string().optional(),
  declared: z.number().optional(),
  barcode: z.string().optional(),
});

// --- Endpoints ---

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call: its method and path (Fastify syntax, `:name` and optional `:name?`), the schemas of its
 * path parameters, query and body, and its HTTP 200 answers: `ok`, and `fail` for calls that can refuse
 * (the business refusal; guard answers use `failSchema`). A call without `fail` always answers ok.
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  ok: z.ZodType;
  fail?: z.ZodType;
}

/** Declares a call; `const` keeps the method and path as literal types the web's calls are checked against. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/** The schema of a call's HTTP 200 body: ok, or ok or its refusal. */
export const replySchema = (call: Endpoint): z.ZodType =>
  call.fail ? z.union([call.ok, call.fail]) : call.ok;

// Types the web derives from a call (z.input for what it sends, z.output for what it reads).

/** The success body. */
export type OkOf<E extends Endpoint> = z.output<E['ok']>;
/** The refusal body (never for a call that cannot refuse). */
export type FailOf<E extends Endpoint> = E extends { fail: infer F extends z.ZodType } ? z.output<F> : never;
/** Everything an HTTP 200 may carry. */
export type ReplyOf<E extends Endpoint> = OkOf<E> | FailOf<E>;
export type BodyOf<E extends Endpoint> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type ParamsOf<E extends Endpoint> = E extends { params: infer P extends z.ZodType }
  ? z.input<P>
  : never;
export type QueryOf<E extends Endpoint> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
