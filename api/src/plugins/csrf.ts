// CSRF defence for a JSON API: a state-changing call must carry the client's Scope header (a cross-site
// form cannot set headers) and, when the browser sends an Origin, come from the portal's own origin.
// SameSite=Lax session cookies are the second layer.
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const scope = request.headers.scope;
    const origin = request.headers.origin;
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    const sameOrigin = origin === undefined || (host !== undefined && hostOf(origin) === host);
    if ((scope !== 'main' && scope !== 'store') || !sameOrigin) {
      return reply.status(403).send({ status: 'fail', reason: 'csrf' });
    }
  });
}

export const scopeOf = (header: string | string[] | undefined): 'main' | 'store' =>
  header === 'store' ? 'store' : 'main';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
