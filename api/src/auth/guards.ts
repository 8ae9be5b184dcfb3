// Route guards: who may call what. 401 when a login is needed, 403 when the role does not allow it.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { CommandContext } from '@club/core/commands';
import { newId } from '@club/core/ids';
import { scopeOf } from '../plugins/csrf.ts';
import { type UserFacts, userFacts } from '../views/user-facts.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guards: the logged-in user's facts at the time of the request. */
    viewer?: UserFacts;
  }
}

export type Role = 'user' | 'member' | 'staff' | { authority: string };

/**
 * A preHandler that lets the request through only for the given role. A callback hook, not an async one:
 * most requests pass a guard and the answer is known at once, and Fastify waits on an async hook's promise
 * (a turn of the microtask queue) even then. Other guards call it without `done` and look at `reply.sent`.
 */
export function requireRole(role: Role) {
  return (request: FastifyRequest, reply: FastifyReply, done?: HookHandlerDoneFunction): void => {
    const pk = request.session.userPk;
    const services = request.server.services;
    const facts = pk === undefined ? undefined : userFacts(services, pk, services.now());
    // A sent reply ends the hooks; `done` must then not be called.
    if (!facts) {
      reply.status(401).send({ status: 'fail', reason: 'login' });
      return;
    }
    request.viewer = facts;
    if (!allows(facts, role)) {
      reply.status(403).send({ status: 'fail', reason: 'forbidden' });
      return;
    }
    done?.();
  };
}

export function allows(facts: UserFacts, role: Role): boolean {
  if (role === 'user') return true;
  if (role === 'member') return facts.ismember;
  // Staff powers take effect only while also a member (document 1, section 1).
  if (role === 'staff') return facts.isstaff && facts.ismember;
  return facts.authlist.includes(role.authority);
}

/** Active staff who also hold `authority` (document 3, section 6: addvalue is deposit, takeback, bags). */
export const requireStaffWith = (authority: string) => {
  const staffOnly = requireRole('staff');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    staffOnly(request, reply);
    if (reply.sent) return reply;
    if (!allows(request.viewer!, { authority }))
      return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
  };
};

/** The context every command of this request is decided in. */
export function commandContext(request: FastifyRequest, commandId?: string): CommandContext {
  const services = request.server.services;
  const pk = request.session.userPk;
  return {
    now: services.now(),
    actor: pk === undefined ? null : String(pk),
    correlationId: request.id ?? newId(),
    scope: scopeOf(request.headers.scope),
    ip: request.ip,
    ...(commandId ? { commandId } : {}),
  };
}
