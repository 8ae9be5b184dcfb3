// What the staff cash routes (routes/fee-collection.ts, cash-desk.ts and deposit.ts) share: the person and
// transaction shapes of their answers, their refusals and response map, the loose numbers a form sends, and
// the idempotency key and ledger request of a staff member's call. Money in answers is whole NTD; the
// ledger keeps cents.
import { newId } from '@club/core/ids';
import { CENTS_PER_NTD } from '@club/core/ledger/money';
import type { LedgerRequest } from '@club/core/ledger/service';
import { userPkstr } from '@club/projections';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cashFailSchema,
  failSchema,
  looseNumberSchema,
  receiptTransSchema as transSchema,
  requestIdSchema,
  personRefSchema as userRefSchema,
} from '../contracts/shared.ts';
import { scopeOf } from '../plugins/csrf.ts';
import type { PortalServices } from '../services.ts';

/** The display id of a transaction row: T plus its pk (the global position of its event). */
export const transactionPkstr = (pk: number): string => `T${pk}`;

// The shapes are the contract's (api/src/contracts/shared.ts); re-exported for the staff cash routes.
export { cashFailSchema, looseNumberSchema, requestIdSchema, transSchema, userRefSchema };

export type UserRef = z.infer<typeof userRefSchema>;

export const cashResponses = <Ok extends z.ZodType>(ok: Ok) => ({
  200: z.union([ok, cashFailSchema]),
  400: failSchema,
  401: failSchema,
  403: failSchema,
});

export type Fail = { status: 'fail'; reason: string; name?: string; declared?: number; barcode?: string };
export const fail = (reason: string, extra: Omit<Fail, 'status' | 'reason'> = {}): Fail => ({
  status: 'fail',
  reason,
  ...extra,
});

export const ntd = (cents: number): number => cents / CENTS_PER_NTD;

/** A whole, non-negative number from a number or a numeric string; null otherwise. */
export function wholeNumber(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  const number = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** The idempotency key: the body's requestId, else the Idempotency-Key header, else a fresh one. */
export function idempotencyKey(request: FastifyRequest, requestId: string | undefined): string {
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

/** The ledger request of a staff route: the viewer the staff guards set is the actor. */
export const staffLedgerRequest = (
  services: PortalServices,
  request: FastifyRequest,
): LedgerRequest & { actorPk: number } => ({
  ...ledgerRequest(services, request),
  actorPk: request.viewer!.row.pk,
});

export const userRef = (services: PortalServices, pk: number): UserRef => {
  const row = services.projections.models.users.byPk.get(pk);
  return { pk, pkstr: row?.pkstr ?? userPkstr(pk), name: row?.name ?? '' };
};
