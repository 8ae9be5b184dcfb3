// The load generator in its own process (forked by load.ts): autocannon runs on this process's thread, so
// the server being measured keeps its own thread (the bench machine has two cores: one each).
import autocannon from 'autocannon';
import type { LoadRequest } from './load.ts';

process.on('message', async (request: LoadRequest) => {
  const result = await autocannon({
    url: request.url,
    connections: request.connections,
    duration: request.durationSeconds,
    headers: request.headers,
    ...(request.overallRate ? { overallRate: request.overallRate } : {}),
  });
  process.send!({
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  });
});
