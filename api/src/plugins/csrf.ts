// CSRF defence for a JSON API: a state-changing call must carry the client's Scope header (a cross-site
// form cannot set headers) and, when the browser sends an Origin, come from the portal's own origin.
// SameSite=Lax session cookies are the second layer.
//
// The guard looks at the method only, never at the path: the router decodes and matches paths in ways a
// prefix test on the raw URL does not (`/%61pi/...` is `/api/...` to the router), so any path test here
// would be a second, weaker router. Nothing outside /api accepts a state-changing method anyway.
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  /** PUBLIC_ORIGIN: when set, the only origin a state-changing call may come from. */
  publicOrigin: string | undefined;
}

export function registerCsrfGuard(app: FastifyInstance, options: CsrfOptions): void {
  // A callback hook, not an async one: every request passes here, and most are reads that need no
  // promise (Fastify waits on an async hook's promise even when it has nothing to do).
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const scope = request.headers.scope;
    const origin = request.headers.origin;
    const sameOrigin = origin === undefined || isOwnOrigin(request, origin, options.publicOrigin);
    if ((scope !== 'main' && scope !== 'store') || !sameOrigin) {
      // A sent reply ends the hooks; `done` must then not be called.
      reply.status(403).send({ status: 'fail', reason: 'csrf' });
      return;
    }
    done();
  });
}

/**
 * The portal's origin is configuration (PUBLIC_ORIGIN). Without it, the Host header stands in:
 * `request.host` reads X-Forwarded-Host only when trustProxy is on, so a forged X-Forwarded-Host from a
 * client cannot make a foreign Origin look like ours.
 */
function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin: string | undefined): boolean {
  const parsed = parseOrigin(origin);
  if (parsed === null) return false;
  if (publicOrigin !== undefined) return parsed.origin === publicOrigin;
  if (request.host === '') return false;
  // Through URL, so a default port written out ('Host: portal:80') compares equal to one left out.
  const own = parseOrigin(`${parsed.protocol}//${request.host}`);
  return own !== null && own.host === parsed.host;
}

export const scopeOf = (header: string | string[] | undefined): 'main' | 'store' =>
  header === 'store' ? 'store' : 'main';

function parseOrigin(origin: string): URL | null {
  try {
    return new URL(origin);
  } catch {
    return null;
  }
}
