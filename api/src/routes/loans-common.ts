// What the loans routes share: who a counter call acts for (docs/loans.md: a member at the counter kiosk
// for themselves, active staff for anyone), the ledger request, and refusals.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allows } from '../auth/guards.ts';
import { scopeOf } from '../plugins/csrf.ts';
import type { PortalServices } from '../services.ts';
import { type UserFacts, userFacts } from '../views/user-facts.ts';

export const loanFail = (reason: string, extra: Record<string, unknown> = {}) => ({
  status: 'fail' as const,
  reason,
  ...extra,
});

export const isStaff = (request: FastifyRequest) => allows(request.viewer!, 'staff');
export const atCounter = (request: FastifyRequest) => scopeOf(request.headers.scope) === 'store';

/**
 * The person a counter call is for: `userpk` (staff only), else the viewer. A member outside the store
 * scope, or naming someone else, is answered 403 forbidden; an unknown pk is 'nouser'.
 */
export function borrowerOf(
  request: FastifyRequest,
  reply: FastifyReply,
  services: PortalServices,
  userpk: number | undefined,
): UserFacts | null {
  const viewer = request.viewer!;
  const staff = isStaff(request);
  if (!staff && (!atCounter(request) || (userpk !== undefined && userpk !== viewer.row.pk))) {
    void reply.status(403).send(loanFail('forbidden'));
    return null;
  }
  const pk = userpk ?? viewer.row.pk;
  const facts = pk === viewer.row.pk ? viewer : userFacts(services, pk, services.now());
  if (!facts) {
    void reply.send(loanFail('nouser'));
    return null;
  }
  return facts;
}

/** Staff, or a member at the counter kiosk (the paper pages run there too: document 3). */
export function staffOrCounter(request: FastifyRequest, reply: FastifyReply): boolean {
  if (isStaff(request) || (atCounter(request) && request.viewer!.ismember)) return true;
  void reply.status(403).send(loanFail('forbidden'));
  return false;
}

/** Text a person types, trimmed, full-width ASCII folded to half-width (as the picker does). */
export const cleanText = (text: string | undefined): string =>
  (text ?? '').replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0)).trim();
