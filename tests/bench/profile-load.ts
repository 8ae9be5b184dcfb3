// A CPU profile of the portal serving one read under the read bench's load (autocannon in a child
// process), of the load window alone (profile-server.ts also records start-up and the bench member):
//   npx tsx tests/bench/profile-load.ts /tmp/prof/trans.cpuprofile [/api/user/trans/log/1] [seconds]
// Also prints req/s and this process's CPU time per request over the profiled window.
import { benchMember } from './api.ts';
import { loggedBenchPortal } from './bench-portal.ts';
import { profiled } from './in-process-profile.ts';
import { LoadGenerator } from './load.ts';

const [output, path = '/api/user/trans/log/1', seconds = '8'] = process.argv.slice(2);
if (!output) throw new Error('usage: profile-load.ts <output.cpuprofile> [path] [seconds]');
const { app, close } = await loggedBenchPortal('club-bench-profile-');
const generator = new LoadGenerator();
try {
  const cookie = await benchMember(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const run = (durationSeconds: number) =>
    generator.run({ url: url + path, connections: 10, durationSeconds, headers: { cookie } });
  await run(2);
  const before = process.cpuUsage();
  const load = await profiled(output, () => run(Number(seconds)));
  const used = process.cpuUsage(before);
  const requests = load.requestsPerSecond * Number(seconds);
  console.log(
    `${path}: ${Math.round(load.requestsPerSecond)} req/s, ${((used.user + used.system) / requests).toFixed(1)} us of CPU per request`,
  );
} finally {
  generator.close();
  await close();
}
