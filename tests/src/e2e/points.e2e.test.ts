import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Access } from '@club/core/access/service';
import { openEventStore } from '@club/core/eventstore/open';
import { semesterOf } from '@club/core/semester';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Contribution points in a real browser against the real server (production mode, serving web/dist):
// a person requests points on UserPointEdit, the holder of the point authority sets the record valid on
// AdminPointEdit, and the requester's member home then shows the points button.
//
// Membership comes from fee payments in the ledger, which has no fee events yet, so nobody here is a
// member or active staff: the requester is a signed-in user (the points pages need only a login) and
// the reviewer holds the 'point' authority by a personal grant, written straight into the server's
// event store (the grant page is another issue's). The test therefore starts its own server.

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const webDist = path.join(repoRoot, 'web', 'dist');
const STARTUP_TIMEOUT_MS = 60_000;

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
  email: `points.${index}.${runDigits}@example.com`,
  mobile: `09${index}${runDigits}`,
  password: 'darkroom42',
  password2: 'darkroom42',
  ruleagree: true,
});
const requester = person(1, '林申請');
const head = person(2, '張點數長');

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

/** Polls `probe` until it answers; `stop` ends the wait at once (a server that exited). */
async function waitFor<T>(
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

describe('contribution points in the browser', () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  let serverOutput = '';
  let baseUrl: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const api = async (method: string, url: string, body?: unknown, cookie?: string) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        scope: 'main',
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { response, body: (await response.json()) as Record<string, unknown> };
  };

  async function startServer(): Promise<string> {
    if (!existsSync(path.join(webDist, 'index.html'))) {
      execFileSync('npm', ['run', 'build', '-w', '@club/web'], { cwd: repoRoot, stdio: 'inherit' });
    }
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['api/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    const collect = (chunk: Buffer) => {
      serverOutput += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await waitFor(
      'the server to be healthy',
      async () => ((await fetch(`${url}/api/health`)).ok ? true : undefined),
      STARTUP_TIMEOUT_MS,
      () => (child.exitCode === null ? undefined : `server exited with ${child.exitCode}:\n${serverOutput}`),
    );
    return url;
  }

  /** Gives the point authority to `pk` as a holder of 'auth' would, in the store the server reads. */
  async function grantPointAuthority(pk: number): Promise<void> {
    const store = openEventStore({ DATA_DIR: dataDir, EVENTSTORE_URL: process.env.EVENTSTORE_URL });
    try {
      const now = new Date();
      const granted = await new Access(store).addGrant(
        {
          key: 'point',
          userPk: pk,
          staffKeyword: null,
          actorAuthorities: ['auth'],
          semesters: [semesterOf(now).tag],
        },
        { now, actor: null, correlationId: `e2e-points-grant-${runDigits}` },
      );
      if (!granted.ok) throw new Error(`grant refused: ${granted.reason}`);
    } finally {
      await store.close();
    }
  }

  async function signedInPage(account: { mobile: string; password: string }): Promise<Page> {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1280, height: 900 } });
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

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'club-e2e-points-'));
    baseUrl = await startServer();
    for (const account of [requester, head]) {
      const registered = await api('POST', '/api/user/register', account);
      expect(registered.body.status).toBe('ok');
    }
    const login = await api('POST', '/api/user/login', { user: head.mobile, password: head.password });
    const headPk = (login.body.user as { pk: number }).pk;
    const cookie = login.response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    await grantPointAuthority(headPk);
    // The server follows the store's log; wait until the grant shows in the head's authlist.
    await waitFor(
      'the point authority to reach the server',
      async () => {
        const check = await api('GET', '/api/user/check', undefined, cookie);
        return (check.body.user as { authlist: string[] }).authlist.includes('point') ? true : undefined;
      },
      10_000,
    );
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    const child = server;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  let requesterPage: Page;

  it('lets a signed-in person request points, which wait three days', { timeout: 60_000 }, async () => {
    requesterPage = await signedInPage(requester);
    const page = requesterPage;
    // No points yet: the member home has no points button.
    await page.getByRole('heading', { name: '社員首頁' }).waitFor();
    expect(await page.getByRole('link', { name: /^點數 .* 點$/ }).count()).toBe(0);

    await page.goto(`${baseUrl}/user/point/log`);
    await page.getByText('沒有紀錄').waitFor();
    await page.getByRole('link', { name: '申請點數' }).click();
    await page.waitForURL(`${baseUrl}/user/point/new`);

    // The recipient is preset to oneself; the kind shows its guidance.
    expect(await page.getByLabel('受領人').inputValue()).toContain(requester.name);
    await page.getByRole('combobox', { name: '類別' }).click();
    await page.getByRole('option', { name: '課程' }).click();
    await page.getByText('授課依上課時數計算；備課每次至多 3 點。').waitFor();
    await page.getByLabel(/^事由/).fill('暗房課助教');

    // Over the daily limit: the spec's message, and the value goes back to 10.
    const amount = page.getByRole('textbox', { name: '點數' });
    await amount.fill('12');
    await page.getByText('每日上限 10 點，多日活動請分開申請').waitFor();
    expect(await amount.inputValue()).toBe('10');

    // A fraction is shown as hours and minutes.
    await amount.fill('2.5');
    await page.getByText('相當於 2 小時 30 分').waitFor();
    await page.getByRole('button', { name: '儲存' }).click();

    await page.waitForURL(`${baseUrl}/user/point/log`);
    const row = page.getByRole('row', { name: /PT-1/ });
    await row.getByText('尚未生效').waitFor();
    await row.getByText('2 小時 30 分').waitFor();
  });

  it('lets the point authority set the request valid on the admin screen', { timeout: 60_000 }, async () => {
    const page = await signedInPage(head);
    await page.goto(`${baseUrl}/admin/point/log`);
    await page.getByRole('heading', { name: '點數審核' }).waitFor();
    // The applicant column is shown in the staff area.
    await page.getByRole('columnheader', { name: '申請人' }).waitFor();
    const row = page.getByRole('row', { name: /PT-1/ });
    await row.getByText(requester.name).first().waitFor();
    await row.getByRole('link', { name: 'PT-1' }).click();
    await page.waitForURL(`${baseUrl}/admin/point/1`);

    await page.getByRole('radio', { name: '維持設定的生效時間' }).waitFor();
    await page.getByRole('radio', { name: '設為有效' }).check();
    await page.getByRole('button', { name: '儲存' }).click();
    await page.waitForURL(`${baseUrl}/admin/point/log`);
    await page.getByRole('row', { name: /PT-1/ }).getByText('有效', { exact: true }).waitFor();
  });

  it("shows the points on the requester's member home, then in English", { timeout: 60_000 }, async () => {
    const page = requesterPage;
    await page.goto(`${baseUrl}/memberhome`);
    const button = page.getByRole('link', { name: '點數 2.5 點' });
    await button.click();
    await page.waitForURL(`${baseUrl}/user/point/log`);
    await page.getByText('目前有效點數：2.5 點').waitFor();
    await page.getByRole('row', { name: /PT-1/ }).getByText('有效', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('Valid points now: 2.5').waitFor();
    await page.getByRole('row', { name: /PT-1/ }).getByText('2 h 30 min').waitFor();
  });
});
