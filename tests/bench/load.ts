// Load generators for the read bench, each in a process of its own so that the load does not share the
// measured server's thread (with both on one thread a slower server also got a slower load generator, and
// the ratios measured the pair):
// - wrk (C; Debian's `wrk`) for the peak rates, when it is installed. autocannon parses each answer in
//   JavaScript, and on this two-core machine its process became the bottleneck of a 9 KB answer: bare
//   Fastify sending a log page's bytes reached 0.385 of its hello with autocannon and 0.91-0.92 of it
//   with wrk (docs/performance.md), so autocannon's peak rates measured the client more than the server.
// - autocannon (in load-worker.ts) for a fixed rate (wrk has none), and for the peaks where wrk is missing.
import { type ChildProcess, execFile, execFileSync, fork } from 'node:child_process';

export interface LoadRequest {
  url: string;
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
  overallRate?: number;
}

export interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

interface LoadReply extends Load {
  non2xx: number;
  errors: number;
}

/** True when `wrk` is on the PATH. */
function wrkInstalled(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary fails to start.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** Reads wrk's report (`--latency`); its latency lines are in us, ms or s. */
function parseWrkReport(report: string): LoadReply {
  const number = (pattern: RegExp): number => Number(pattern.exec(report)?.[1] ?? Number.NaN);
  const latencyMs = (percentile: string): number => {
    const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(report);
    if (!match) return Number.NaN;
    const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
    return Number(match[1]) * scale;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const requestsPerSecond = number(/Requests\/sec:\s+([\d.]+)/);
  if (!Number.isFinite(requestsPerSecond)) throw new Error(`wrk printed no rate:\n${report}`);
  return {
    requestsPerSecond,
    p50Ms: latencyMs('50'),
    p99Ms: latencyMs('99'),
    non2xx: number(/Non-2xx or 3xx responses:\s+(\d+)/) || 0,
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

/** One for a whole bench part: autocannon's child is started once, so its start-up is not measured. */
export class LoadGenerator {
  readonly peakTool: 'wrk' | 'autocannon' = wrkInstalled() ? 'wrk' : 'autocannon';
  private readonly child: ChildProcess = fork(new URL('./load-worker.ts', import.meta.url), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  /** Loads `url` and fails on any non-2xx answer or socket error. */
  async run(request: LoadRequest): Promise<Load> {
    const reply =
      request.overallRate === undefined && this.peakTool === 'wrk'
        ? await this.runWrk(request)
        : await this.runAutocannon(request);
    if (reply.non2xx > 0 || reply.errors > 0)
      throw new Error(`${request.url}: ${reply.non2xx} non-2xx, ${reply.errors} errors`);
    return { requestsPerSecond: reply.requestsPerSecond, p50Ms: reply.p50Ms, p99Ms: reply.p99Ms };
  }

  /** One wrk thread (the other core is the server's), the same connections and duration. */
  private runWrk(request: LoadRequest): Promise<LoadReply> {
    const headers = Object.entries(request.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const args = [
      '-t1',
      `-c${request.connections}`,
      `-d${request.durationSeconds}s`,
      '--latency',
      ...headers,
    ];
    return new Promise((resolve, reject) => {
      execFile('wrk', [...args, request.url], (error, stdout) => {
        if (error) reject(error);
        else resolve(parseWrkReport(stdout));
      });
    });
  }

  private runAutocannon(request: LoadRequest): Promise<LoadReply> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (reply: LoadReply) => {
        this.child.off('exit', onExit);
        resolve(reply);
      });
      this.child.send(request);
    });
  }

  close(): void {
    this.child.kill();
  }
}
