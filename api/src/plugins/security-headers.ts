// Security headers on every answer, pages and API alike (@fastify/helmet).
//
// The Content-Security-Policy is what the built web app needs and no more: its scripts, styles, fonts
// and images are files of its own origin and it talks only to /api. Mantine writes its CSS variables
// into <style> elements at run time, so styles (not scripts) need 'unsafe-inline'. Images may be data:
// or blob: URLs (previews, generated barcodes). No page may be framed (clickjacking).
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The portal may be served over plain HTTP inside the club's network; upgrading every request to
  // HTTPS there would break it. HSTS below covers the HTTPS deployments.
  upgradeInsecureRequests: null,
};

export const helmetOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
  // Links to other sites (the social group, slides) carry no path of ours.
  referrerPolicy: { policy: 'same-origin' },
  // Sent on every answer; browsers honour it only over HTTPS. Not for subdomains: they are not ours.
  strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
  // X-Frame-Options for browsers that predate frame-ancestors.
  xFrameOptions: { action: 'deny' },
};

/**
 * Headers helmet sets are the same on every answer (no CSP nonces), but @fastify/helmet rebuilds helmet's
 * middleware, parsing the CSP directives again, at every request. So the headers are taken once from
 * @fastify/helmet itself with these options (one request to a private app at start) and set by one hook.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, helmetOptions);
  probe.get('/', async () => '');
  const plain = Fastify({ logger: false });
  plain.get('/', async () => '');
  const [withHelmet, without] = [await probe.inject('/'), await plain.inject('/')];
  await Promise.all([probe.close(), plain.close()]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(withHelmet.headers))
    if (without.headers[name] === undefined && typeof value === 'string') headers[name] = value;
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
