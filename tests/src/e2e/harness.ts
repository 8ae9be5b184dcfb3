// What every browser test needs: the real server started on a fresh data folder (production mode, serving
// web/dist), a Chromium that works on this machine, JSON calls with the Scope header, and sign-in.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Access } from '@club/core/access/service';
import { type SpawnedHost, spawnDeviceHost } from '@club/devices/spawn';
import type { DeviceHostName } from '@club/workers/device-commands';
import { heartbeatKey } from '@club/workers/device-link';
import { openEventStore } from '@club/core/eventstore/open';
import { Ledger } from '@club/core/ledger/service';
import { semesterOf } from '@club/core/semester';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const webDist = path.join(repoRoot, 'web', 'dist');
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * The features playwright-core 1.65.1 disables itself (its chromiumSwitches.ts). Chromium reads only the last
 * `--disable-features` on its command line, so a list of ours must repeat these or they come back on.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * Chromium 156 in its (new) headless mode builds the omnibox's pop-ups as WebUI pages
 * (chrome://omnibox-popup.top-chrome/ and its AI-mode page) for every new browser context: a renderer of
 * its own that spent 480-870 ms of CPU on this 2-core machine during the first page load of each context,
 * more than the page itself. No test uses the address bar; without these features Chromium uses its
 * native pop-up and starts no such renderer (checked with Target.getTargets and ps).
 */
const OMNIBOX_WEBUI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The flags Chromium needs here: headless as root, and no calls out of this machine's closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(',')}`,
];

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** Polls `probe` until it answers; `stop` ends the wait at once with its reason (a server that exited). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  stop: () => string | undefined = () => undefined,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const stopped = stop();
    if (stopped !== undefined) throw new Error(`gave up waiting for ${what}: ${stopped}`);
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface RunningPortal {
  baseUrl: string;
  dataDir: string;
  output(): string;
  /** Stops the server and removes its data folder, unless keepData (for a restart on the same folder). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts `api/src/main.ts` on a free port. `prepare` runs first with the data folder, so a test can write
 * facts into the store the server will read (grants, memberships) through the core services.
 */
export async function startPortal(
  options: {
    prepare?: (dataDir: string) => Promise<void>;
    /** More environment for the server (QUEUE_PREFIX, SMTP_URL, ...). */
    env?: Record<string, string>;
    /**
     * The server's clock reads this time at start and runs on from there (tests/src/e2e/shifted-clock.mjs),
     * for rules that depend on the hour. Device hosts and the browser keep the machine's clock.
     */
    clockAt?: Date;
    /** Serve this data folder (a restart of a portal stopped with keepData) instead of a new one. */
    dataDir?: string;
  } = {},
): Promise<RunningPortal> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@club/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'club-e2e-'));
  await options.prepare?.(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // Node with tsx as a loader, so stop()'s SIGTERM reaches the portal itself (devices/src/spawn.ts).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    // DEVICES=off: a demo folder would otherwise have the portal spawn simulated device hosts on the shared
    // default queue prefix; a test that needs a host starts its own, on its own prefix.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEVICES: 'off',
      // A queue prefix of this portal's own: test files may run side by side, and a portal's embedded
      // workers must never take another portal's jobs (tests that start device hosts pass theirs).
      QUEUE_PREFIX: `e2e-${path.basename(dataDir)}`,
      ...(options.clockAt
        ? {
            NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(path.join(repoRoot, 'tests/src/e2e/shifted-clock.mjs')).href}`,
            PORTAL_TEST_CLOCK_SHIFT_MS: String(options.clockAt.getTime() - Date.now()),
          }
        : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await waitFor(
    'the server to be healthy',
    async () => ((await fetch(`${baseUrl}/api/health`)).ok ? true : undefined),
    STARTUP_TIMEOUT_MS,
    () => (child.exitCode === null ? undefined : `server exited with ${child.exitCode}:\n${output}`),
  );
  return {
    baseUrl,
    dataDir,
    output: () => output,
    async stop(stopOptions: { keepData?: boolean } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes a registered person active staff of this semester as the operator makes the first one
 * (api/src/bootstrap.ts): their own fee taken in cash by the operator, a place on the staff roster, and
 * the personal `grants`, written straight into the portal's event store (the server follows its log).
 * `runId` keeps the ids of a test run apart.
 */
export async function makeActiveStaff(
  dataDir: string,
  pk: number,
  options: { runId: string; position: string; grants?: string[] },
): Promise<void> {
  const store = await openEventStore({ DATA_DIR: dataDir, EVENTSTORE_URL: process.env.EVENTSTORE_URL });
  try {
    const now = new Date();
    const semester = semesterOf(now).tag;
    const fee = await new Ledger(store).receiveMemberFee({
      now,
      actorPk: null,
      collectionId: `e2e-${options.runId}`,
      staffPk: 1,
      payer: { pk, isCurrentStaff: false, errormember: false, needsReview: false, identifiedBy: 'stuid' },
      memberfeeSemester: semester,
      workshops: [],
      totalNeedPayCents: 60_000,
    });
    if (!fee.ok) throw new Error(`the staff member's fee refused: ${fee.reason}`);
    const access = new Access(store);
    const added = await access.addStaff(
      { semester, userPk: pk, position: options.position, actorAuthorities: ['staffset'] },
      { now, actor: null, correlationId: `e2e-${options.runId}-staff` },
    );
    if (!added.ok) throw new Error(`adding staff refused: ${added.reason}`);
    for (const key of options.grants ?? []) {
      const granted = await access.addGrant(
        { key, userPk: pk, staffKeyword: null, actorAuthorities: ['auth'], semesters: [semester] },
        { now, actor: null, correlationId: `e2e-${options.runId}-grant-${key}` },
      );
      if (!granted.ok) throw new Error(`granting ${key} refused: ${granted.reason}`);
    }
  } finally {
    await store.close();
  }
}

/**
 * Starts a simulated device host as its own process on the test's queue prefix and waits for its first
 * heartbeat in Redis (`redis` is the test's own connection), so the portal sees the host as up.
 */
export async function startDeviceHost(
  redis: { exists(key: string): Promise<number> },
  options: { device: DeviceHostName; prefix: string; redisUrl: string; env?: Record<string, string> },
): Promise<SpawnedHost> {
  const host = spawnDeviceHost(options);
  await waitFor(
    `the ${options.device} host to send a heartbeat`,
    async () => ((await redis.exists(heartbeatKey(options.prefix, options.device))) ? true : undefined),
    30_000,
    () => (host.child.exitCode === null ? undefined : `${options.device} host exited:\n${host.output()}`),
  );
  return host;
}

/** Loads the demo club into a data folder through the same CLI as `npm run demo`; returns its summary. */
export function loadDemo(dataDir: string): string {
  return execFileSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['api/src/cli/demo.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/** Closes what a browser test opened: its contexts, then the browser, then the portal. */
export async function closeAll(
  contexts: BrowserContext[],
  browser: Browser | undefined,
  portal: RunningPortal | undefined,
): Promise<void> {
  for (const context of contexts) await context.close();
  await browser?.close();
  await portal?.stop();
}

/** A JSON call as the web client makes it; `cookie` carries a session from `signInApi`. */
export async function callApi(baseUrl: string, method: string, url: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', scope: 'main', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

/**
 * This run's applicants: `runDigits` (seven digits of the time it was called, so one run's accounts and ids
 * differ from an earlier run's) and `person(index, name)`, a valid application (identity 1, password
 * darkroom42) for person `index` (1 to 9) of the run. `emailPrefix` starts the e-mails, one per test file,
 * so test files run against one server never collide.
 */
export function applicants(emailPrefix: string) {
  const runDigits = String(Date.now()).slice(-7);
  const person = (index: number, name: string) => ({
    identity: 1,
    name,
    sex: '1',
    school: '',
    department: '資工系',
    stuid: `B${index}${runDigits}`,
    grade: '大二',
    facebook: '',
    email: `${emailPrefix}.${index}.${runDigits}@example.com`,
    mobile: `09${index}${runDigits}`,
    password: 'darkroom42',
    password2: 'darkroom42',
    ruleagree: true,
  });
  return { runDigits, person };
}

/** Logs in through the API and returns the session cookie header. */
export async function signInApi(baseUrl: string, user: string, password: string) {
  const login = await callApi(baseUrl, 'POST', '/api/user/login', { user, password });
  const cookie = login.response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, user: login.body.user as { pk: number } & Record<string, unknown> };
}

/** A new browser context signed in through the login page, on the member home (a wide screen unless told). */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  account: { mobile: string; password: string },
  contexts: BrowserContext[],
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-TW', viewport });
  contexts.push(context);
  // A step that does not happen fails within the test's time with the step named.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/user/login`);
  await page.getByLabel('手機、學號或 Email').fill(account.mobile);
  await page.getByLabel(/^密碼/).fill(account.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}/memberhome`);
  return page;
}
