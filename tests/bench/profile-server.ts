// A portal with the read bench's member, alone in this process, for profiling:
//   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof tests/bench/profile-server.ts
// prints the URL and the member's cookie; load it from another process (autocannon); SIGTERM to this
// node process ends it and writes the profile (through npx, the signal reached npm and no profile was
// written).
import { benchMember } from './api.ts';
import { loggedBenchPortal } from './bench-portal.ts';

const { app, close } = await loggedBenchPortal('club-bench-profile-');
const cookie = await benchMember(app);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url, cookie }));
process.on('SIGTERM', async () => {
  await close();
  process.exit(0);
});
