// A/B of the LCP of the login page and the member home for several builds of the web app, on a shared
// machine whose speed drifts: each round loads every build in turn (the order alternating per round), so
// the builds see the same load. `npx tsx tests/bench/lcp-ab.ts 8 /tmp/old-dist web/dist` (rounds, then
// web/dist folders built with `npx vite build --outDir`); each portal serves one through WEB_DIST.
import { applicants, callApi, launchBrowser, signInApi, startPortal } from '../src/e2e/harness.ts';
import { assertNoTopChromeWebUi, type LcpCookie, loadOnce } from './web-lcp.ts';

const [roundsArgument, ...dists] = process.argv.slice(2);
const rounds = Number(roundsArgument);
if (!Number.isInteger(rounds) || rounds < 1 || dists.length === 0)
  throw new Error('usage: lcp-ab.ts <rounds> <web dist> [<web dist> ...]');

const browser = await launchBrowser();
const builds: {
  dist: string;
  stop: () => Promise<void>;
  baseUrl: string;
  cookie: LcpCookie;
  login: number[];
  home: number[];
}[] = [];
try {
  await assertNoTopChromeWebUi(browser);
  for (const dist of dists) {
    const portal = await startPortal({ env: { WEB_DIST: dist } });
    const member = applicants('bench.lcpab').person(1, '測試社員');
    await callApi(portal.baseUrl, 'POST', '/api/user/register', member);
    const { cookie } = await signInApi(portal.baseUrl, member.mobile, member.password);
    const [name, ...value] = cookie.split('=');
    builds.push({
      dist,
      stop: () => portal.stop(),
      baseUrl: portal.baseUrl,
      cookie: { name: name!, value: value.join('='), url: portal.baseUrl },
      login: [],
      home: [],
    });
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
      build.login.push(Math.round(await loadOnce(browser, `${build.baseUrl}/user/login`)));
      build.home.push(Math.round(await loadOnce(browser, `${build.baseUrl}/memberhome`, build.cookie)));
    }
  }
} finally {
  await browser.close();
  for (const build of builds) await build.stop();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const { dist, login, home } of builds) {
  console.log(dist);
  console.log(`  LCP login page (ms) median ${median(login)}  all ${login.join(' ')}`);
  console.log(`  LCP member home (ms) median ${median(home)}  all ${home.join(' ')}`);
}
