// Runs autocannon in a child process (load-worker.ts) so that the load generator does not share the
// measured server's thread: with both on one thread a slower server also got a slower load generator,
// and the ratios measured the pair. The child inherits tsx's loader through execArgv.
import { type ChildProcess, fork } from 'node:child_process';

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

/** One child for a whole bench part (started once, so its start-up is not measured). */
export class LoadGenerator {
  private readonly child: ChildProcess = fork(new URL('./load-worker.ts', import.meta.url), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  /** Loads `url` and fails on any non-2xx answer or socket error. */
  run(request: LoadRequest): Promise<Load> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (reply: LoadReply) => {
        this.child.off('exit', onExit);
        if (reply.non2xx > 0 || reply.errors > 0)
          reject(new Error(`${request.url}: ${reply.non2xx} non-2xx, ${reply.errors} errors`));
        else resolve({ requestsPerSecond: reply.requestsPerSecond, p50Ms: reply.p50Ms, p99Ms: reply.p99Ms });
      });
      this.child.send(request);
    });
  }

  close(): void {
    this.child.kill();
  }
}
