// Server-side sessions: the `club.sid` cookie carries a signed random id, the session ({ userPk, scope }
// and when it ends) lives in the session store. This replaces @fastify/session 11.1.3 with the same
// cookie, signer, id format, stored rows and answers for what the portal uses (a new id at login, destroy
// at logout, the id for "end my other sessions"), because that plugin was the largest cost of a cached
// read left (node --cpu-prof, docs/performance.md): per request it built a Session
// and a Cookie object, copied the options three times and hashed a stable stringify of the session with
// sha256 twice to learn whether a route had changed it. Here the fields' setters say so.
//
// Behaviour kept from @fastify/session with our options (saveUninitialized false, rolling false):
// - a session is written, and its cookie set, only when a route changed it (login: `regenerate()`, then
//   userPk and scope); reading never writes;
// - a cookie that does not verify, or whose session is gone or expired, gets an anonymous session, and the
//   answer clears the cookie;
// - `destroy()` deletes the session; that answer leaves the cookie, which opens nothing any more (the next
//   answer clears it);
// - the cookie: HttpOnly, SameSite=Lax, Path=/, Expires 30 days after login, Secure over https.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SqliteSessionStore, StoredSession } from './session-store.ts';

export interface SessionSigner {
  sign(value: string): string;
  unsign(signed: string): { valid: boolean; value: string | null };
}

export interface SessionOptions {
  store: SqliteSessionStore;
  signer: SessionSigner;
  cookieName: string;
  /** How long a session lasts from the answer that set it (not rolling). */
  maxAgeMs: number;
}

/** Random ids as @fastify/session made them: 24 random bytes in base64url, drawn from a pooled buffer. */
const ID_BYTES = 24;
const POOL_SIZE = ID_BYTES * 128;
let pool = randomBytes(POOL_SIZE);
let poolPosition = 0;
function newSessionId(): string {
  if (poolPosition + ID_BYTES > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolPosition = 0;
  }
  const id = pool.toString('base64url', poolPosition, poolPosition + ID_BYTES);
  poolPosition += ID_BYTES;
  return id;
}

export class PortalSession {
  #userPk: number | undefined;
  #scope: 'main' | 'store' | undefined;
  #id: string | null;
  #signedId: string | null;
  #changed = false;
  #destroyed = false;

  constructor(
    private readonly options: SessionOptions,
    id: string | null,
    signedId: string | null,
    stored: Readonly<StoredSession> | null,
  ) {
    this.#id = id;
    this.#signedId = signedId;
    this.#userPk = stored?.userPk;
    this.#scope = stored?.scope;
  }

  get userPk(): number | undefined {
    return this.#userPk;
  }

  set userPk(value: number | undefined) {
    this.#userPk = value;
    this.#changed = true;
  }

  get scope(): 'main' | 'store' | undefined {
    return this.#scope;
  }

  set scope(value: 'main' | 'store' | undefined) {
    this.#scope = value;
    this.#changed = true;
  }

  /** The session's id (an anonymous session gets one when first asked, as it would be saved under it). */
  get sessionId(): string {
    if (this.#id === null) this.#id = newSessionId();
    return this.#id;
  }

  /** A new, empty session under a new id; the old one is deleted (a login: no fixed id carries over). */
  async regenerate(): Promise<void> {
    if (this.#id !== null) this.options.store.remove(this.#id);
    this.#id = newSessionId();
    this.#signedId = null;
    this.#userPk = undefined;
    this.#scope = undefined;
    this.#destroyed = false;
    this.#changed = true;
  }

  /** Deletes the session on the server (a logout). */
  async destroy(): Promise<void> {
    if (this.#id !== null) this.options.store.remove(this.#id);
    this.#userPk = undefined;
    this.#scope = undefined;
    this.#destroyed = true;
    this.#changed = false;
  }

  /** Called once per answer: saves a changed session; says which cookie to send (undefined: none). */
  settle(sentCookie: string | undefined, now: number): { set: string; expires: Date } | 'clear' | undefined {
    if (this.#destroyed) return undefined;
    if (this.#changed) {
      const expires = new Date(now + this.options.maxAgeMs);
      const stored: StoredSession = {
        // The cookie's options as @fastify/session stored them beside the fields.
        cookie: {
          expires: expires.toISOString(),
          originalMaxAge: this.options.maxAgeMs,
          sameSite: 'lax',
          path: '/',
          httpOnly: true,
          domain: null,
        },
        ...(this.#userPk === undefined ? {} : { userPk: this.#userPk }),
        ...(this.#scope === undefined ? {} : { scope: this.#scope }),
      };
      this.options.store.write(this.sessionId, stored);
      this.#changed = false;
      this.#signedId ??= this.options.signer.sign(this.sessionId);
      return { set: this.#signedId, expires };
    }
    if (sentCookie !== undefined && sentCookie !== this.#signedId) return 'clear';
    return undefined;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    session: PortalSession;
  }
}

/** Registers the session hooks on `app` (after @fastify/cookie, which parses and sets cookies). */
export function registerSessions(app: FastifyInstance, options: SessionOptions): void {
  const { store, signer, cookieName } = options;
  app.decorateRequest('session', null as unknown as PortalSession);
  app.addHook('onRequest', (request, _reply, done) => {
    const cookie = request.cookies[cookieName];
    let session: PortalSession | undefined;
    if (cookie) {
      const unsigned = signer.unsign(cookie);
      if (unsigned.valid && unsigned.value) {
        const stored = store.read(unsigned.value);
        if (stored) session = new PortalSession(options, unsigned.value, cookie, stored);
      }
    }
    request.session = session ?? new PortalSession(options, null, null, null);
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    // A request refused before the onRequest hook ran (none today) has no session to settle.
    const outcome = request.session?.settle(request.cookies?.[cookieName], Date.now());
    if (outcome === 'clear') reply.clearCookie(cookieName, { path: '/' });
    else if (outcome)
      reply.setCookie(cookieName, outcome.set, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        expires: outcome.expires,
      });
    done();
  });
}
