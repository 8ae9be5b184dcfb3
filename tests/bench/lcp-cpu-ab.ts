// A/B of the CPU the page's renderer spends before the LCP, for builds of the web app (as lcp-ab.ts, with
// a Chromium trace of each load). On a shared machine the LCP's wall time is mostly waiting for a core;
// the renderer's thread time up to the LCP is the page's own work and moves much less with the load.
// `npx tsx tests/bench/lcp-cpu-ab.ts 6 /tmp/old-dist web/dist`.
import type { Browser } from 'playwright-core';
import { applicants, callApi, launchBrowser, signInApi, startPortal } from '../src/e2e/harness.ts';
import { assertNoTopChromeWebUi, type LcpCookie, largestContentfulPaint } from './web-lcp.ts';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}
interface Figures {
  lcpMs: number;
  mainCpuMs: number;
  rendererCpuMs: number;
}

const TOP_LEVEL = new Set(['ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/**
 * The page renderer's thread time (main thread, all threads) from the navigation to the LCP (read in the
 * page: the trace has no LCP event for some loads).
 */
function figuresOf(events: TraceEvent[], url: string, lcpMs: number): Figures {
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === url,
  );
  if (navigation === undefined) throw new Error(`no navigation to ${url} in the trace`);
  const mainThread = events.find(
    (event) =>
      event.name === 'thread_name' && event.pid === navigation.pid && event.args?.name === 'CrRendererMain',
  )?.tid;
  const end = navigation.ts + lcpMs * 1000;
  let mainCpu = 0;
  let rendererCpu = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.pid !== navigation.pid || !TOP_LEVEL.has(event.name)) continue;
    if (event.ts < navigation.ts || event.ts > end) continue;
    rendererCpu += event.tdur ?? 0;
    if (event.tid === mainThread) mainCpu += event.tdur ?? 0;
  }
  return { lcpMs, mainCpuMs: mainCpu / 1000, rendererCpuMs: rendererCpu / 1000 };
}

async function tracedLoad(browser: Browser, url: string, cookie?: LcpCookie): Promise<Figures | null> {
  const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1280, height: 900 } });
  try {
    if (cookie) await context.addCookies([cookie]);
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'toplevel',
      ],
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (page.url() !== url) throw new Error(`${url} ended on ${page.url()}`);
    const lcpMs = await largestContentfulPaint(page);
    const trace = await browser.stopTracing();
    return figuresOf((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents, url, lcpMs);
  } catch (error) {
    // Now and then the trace misses the navigation's event: that load is measured again.
    if (error instanceof Error && error.message.startsWith('no navigation')) return null;
    throw error;
  } finally {
    await context.close();
  }
}

async function measured(browser: Browser, url: string, cookie?: LcpCookie): Promise<Figures> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const figures = await tracedLoad(browser, url, cookie);
    if (figures !== null) return figures;
  }
  throw new Error(`five traces of ${url} without its navigation`);
}

const [roundsArgument, ...dists] = process.argv.slice(2);
const rounds = Number(roundsArgument);
if (!Number.isInteger(rounds) || rounds < 1 || dists.length === 0)
  throw new Error('usage: lcp-cpu-ab.ts <rounds> <web dist> [<web dist> ...]');

const browser = await launchBrowser();
const builds: {
  dist: string;
  stop: () => Promise<void>;
  baseUrl: string;
  cookie: LcpCookie;
  runs: Record<string, Figures[]>;
}[] = [];
try {
  await assertNoTopChromeWebUi(browser);
  for (const dist of dists) {
    const portal = await startPortal({ env: { WEB_DIST: dist } });
    const member = applicants('bench.lcpcpu').person(1, '測試社員');
    await callApi(portal.baseUrl, 'POST', '/api/user/register', member);
    const { cookie } = await signInApi(portal.baseUrl, member.mobile, member.password);
    const [name, ...value] = cookie.split('=');
    const cookieOf = { name: name!, value: value.join('='), url: portal.baseUrl };
    builds.push({
      dist,
      stop: () => portal.stop(),
      baseUrl: portal.baseUrl,
      cookie: cookieOf,
      runs: { login: [], home: [] },
    });
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
      build.runs.login!.push(await measured(browser, `${build.baseUrl}/user/login`));
      build.runs.home!.push(await measured(browser, `${build.baseUrl}/memberhome`, build.cookie));
    }
  }
} finally {
  await browser.close();
  for (const build of builds) await build.stop();
}
const median = (values: number[]) =>
  Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!);
for (const { dist, runs } of builds) {
  console.log(dist);
  for (const [page, figures] of Object.entries(runs)) {
    const column = (key: keyof Figures) =>
      `median ${median(figures.map((f) => f[key]))} (${figures.map((f) => Math.round(f[key])).join(' ')})`;
    console.log(`  ${page}: LCP ms ${column('lcpMs')}`);
    console.log(`  ${page}: main thread CPU ms to LCP ${column('mainCpuMs')}`);
    console.log(`  ${page}: renderer CPU ms to LCP ${column('rendererCpuMs')}`);
  }
}
