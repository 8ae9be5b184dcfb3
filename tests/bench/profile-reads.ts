// The read path without sockets: GET /api/user/check through app.inject, against a bare hello route on
// the same app, in one process, with the production log (pino at info, buffered to a file). Prints CPU
// per request for each; with a file name, also writes a CPU profile of the check loop:
//   npx tsx tests/bench/profile-reads.ts [/tmp/prof/reads.cpuprofile] [url]
import { benchMember } from './api.ts';
import { loggedBenchPortal } from './bench-portal.ts';
import { profiled } from './in-process-profile.ts';

const [output, url = '/api/user/check'] = process.argv.slice(2);
const ROUNDS = 20_000;
const { app, close } = await loggedBenchPortal('club-bench-reads-');
app.get('/hello', async () => ({ hello: 'world' }));
const cookie = await benchMember(app);

async function cpuPerRequest(path: string, headers: Record<string, string>): Promise<number> {
  const before = process.cpuUsage();
  for (let index = 0; index < ROUNDS; index += 1) {
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / ROUNDS;
}

try {
  const headers = { cookie, scope: 'main' };
  for (let round = 0; round < 3; round += 1) {
    const hello = await cpuPerRequest('/hello', {});
    const read = await cpuPerRequest(url, headers);
    console.log(
      `round ${round}: hello ${hello.toFixed(1)} us, ${url} ${read.toFixed(1)} us, ratio ${(hello / read).toFixed(3)}`,
    );
  }
  if (output) {
    await profiled(output, () => cpuPerRequest(url, headers));
  }
} finally {
  await close();
}
