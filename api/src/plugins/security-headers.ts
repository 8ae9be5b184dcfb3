// Security headers on every answer (@fastify/helmet's). Pages and files get all of them; API answers
// (JSON, and the files and PDFs the API sends) leave out the ones that only govern an HTML document.
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

/**
 * Helmet's headers that only mean something on an HTML document: the legacy XSS filter, IE8's open
 * prompt for downloaded pages, DNS prefetching of a page's links, Flash and Acrobat policy files, and
 * the browsing-context isolation of a page (origin-keyed agent clusters, the opener policy). An API
 * answer keeps the rest (the content security policy, nosniff, no framing, HSTS, the referrer and
 * cross-origin resource policies), and is not stored by default. Each header costs the server a few
 * tenths of a microsecond to set, check and send, and these six were a tenth of a cached read's time
 * (docs/performance.md).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
] as const;

/** API answers, except the API docs, which are pages. */
const isApiAnswer = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const pageHeaders = await helmetHeaders();
  const documentOnly: readonly string[] = DOCUMENT_ONLY_HEADERS;
  const apiHeaders = {
    ...Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => !documentOnly.includes(name))),
    // Answers carry balances, names and phone numbers, and club computers are shared: no browser or
    // proxy keeps a copy. A call whose answer may be kept (files, the calendar feed) sets its own.
    'cache-control': 'no-store',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
