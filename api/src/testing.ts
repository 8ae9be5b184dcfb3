// Builds the whole app on a real in-memory SQLite store for `app.inject` tests, with a movable clock and
// a small cookie-keeping client, and signs people (and staff) up on it.
import type { DeviceLink } from '@club/workers/device-link';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AuthorityKey } from '@club/core/access/authorities';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import type { EventStore } from '@club/core/eventstore/port';
import { expect } from 'vitest';
import type { QueueService } from '@club/workers/queues';
import { type BuildOptions, buildApp } from './app.ts';
import { makeStaffByOperator, recordMemberFeeByOperator } from './bootstrap.ts';
import { configFromEnv, type PortalConfig } from './config.ts';

export interface TestPortal {
  app: FastifyInstance;
  store: EventStore;
  clock: { now: Date };
  client(): TestClient;
  close(): Promise<void>;
}

export async function createTestPortal(
  options: {
    now?: Date;
    store?: EventStore;
    /** Settings over the test defaults (TRUST_PROXY, PUBLIC_ORIGIN, NODE_ENV=production, ...). */
    config?: Partial<PortalConfig>;
    /** A data folder: sessions (and the login limiter's counts) then live in its sessions.sqlite3. */
    dataDir?: string;
    /** Queues on a test prefix (mail tests); none by default. */
    queues?: QueueService;
    mailRetry?: BuildOptions['mailRetry'];
    /** A device link on a test queue prefix, for the routes that command devices. */
    devices?: DeviceLink;
  } = {},
): Promise<TestPortal> {
  const store = options.store ?? openSqliteEventStore({ file: ':memory:' });
  const clock = { now: options.now ?? new Date('2026-11-22T04:00:00Z') };
  const config: PortalConfig = {
    ...configFromEnv({}),
    dataDir: options.dataDir ?? '/nonexistent',
    serveWeb: false,
    sessionSecret: 'test-secret-test-secret-test-secret!!',
    ...options.config,
  };
  const app = await buildApp({
    config,
    store,
    queues: options.queues ?? null,
    ...(options.mailRetry ? { mailRetry: options.mailRetry } : {}),
    devices: options.devices ?? null,
    now: () => clock.now,
    logger: false,
    ...(options.dataDir === undefined ? { sessionFile: ':memory:' } : {}),
  });
  return {
    app,
    store,
    clock,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await store.close();
    },
  };
}

type Body = Record<string, unknown>;

/** A cookie the server set, as light-my-request parses it (6.6, pinned for Node 20, does not export its type). */
interface SetCookie {
  name: string;
  value: string;
  expires?: Date;
  maxAge?: number;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
}

export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await this.app.inject({
      method,
      url,
      headers: {
        ...(method === 'GET' ? {} : { scope: 'main' }),
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    const cookies: SetCookie[] = response.cookies;
    for (const cookie of cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return {
      statusCode: response.statusCode,
      body: response.json() as Body & { status: string; reason?: string },
      cookies,
    };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown) => this.request('POST', url, payload ?? {});
  put = (url: string, payload?: unknown) => this.request('PUT', url, payload ?? {});
  sessionCookie = () => this.cookies.get('club.sid');
}

/** A valid application for identity 1; override fields per test. */
export const application = (overrides: Body = {}): Body => ({
  identity: 1,
  name: '王小明',
  sex: '1',
  school: '',
  department: '資工系',
  stuid: 'b12345678',
  grade: '大二',
  facebook: '',
  email: 'ming@example.com',
  mobile: '0912345678',
  password: 'secret1',
  password2: 'secret1',
  ruleagree: true,
  ...overrides,
});

/** A person registered and logged in by `signUp`, with the account values the application used. */
export interface TestPerson {
  pk: number;
  client: TestClient;
  name: string;
  mobile: string;
  stuid: string;
  email: string;
}

let signUps = 0;
/**
 * Registers `name` through POST /api/user/register (the `application` defaults, identity 1, unless
 * `overrides` says otherwise) and logs them in with a client of their own. Every call takes a new mobile,
 * student ID and e-mail, so the people of one portal never collide; an override wins, and the answer
 * carries the values used.
 */
export async function signUp(portal: TestPortal, name: string, overrides: Body = {}): Promise<TestPerson> {
  const n = ++signUps;
  const filled = application({
    name,
    mobile: `09${String(10_000_000 + n)}`,
    stuid: `B${String(10_000_000 + n)}`,
    email: `person${n}@example.com`,
    ...overrides,
  });
  const registered = await portal.client().post('/api/user/register', filled);
  expect(registered.body.status).toBe('ok');
  const client = portal.client();
  const login = await client.post('/api/user/login', { user: filled.mobile, password: filled.password });
  expect(login.body.status).toBe('ok');
  return {
    pk: (login.body.user as { pk: number }).pk,
    client,
    name: String(filled.name),
    mobile: String(filled.mobile),
    stuid: String(filled.stuid),
    email: String(filled.email),
  };
}

/**
 * A person on this semester's staff roster (as 總務) holding `authorities`, with this semester's member fee
 * taken by the operator, so their staff powers apply (api/src/bootstrap.ts).
 */
export async function signUpStaff(
  portal: TestPortal,
  name: string,
  authorities: readonly AuthorityKey[] = [],
): Promise<TestPerson> {
  const person = await signUp(portal, name);
  await recordMemberFeeByOperator(portal.app.services, person.pk);
  await makeStaffByOperator(portal.app.services, person.pk, '總務', authorities);
  return person;
}
