import { WORKER_STALE_MS } from '@club/core/actplace/rules';

/**
 * Whether the page shows 'worker cannot connect' (document 3: no result for over 5 s). A result is fresh
 * when the last poll answered within 5 s and, in it, the booking host's last heartbeat was at most 5 s old
 * by the server's clock (so a browser with a wrong clock does not matter).
 */
export function workerCannotConnect(input: {
  /** Browser time of the last answered poll, or null before the first. */
  answeredAtMs: number | null;
  /** Browser time now. */
  nowMs: number;
  /** The answer's server time and the host's last heartbeat (null: none live). */
  serverNow: string | null;
  heartbeatAt: string | null;
  online: boolean;
}): boolean {
  if (input.answeredAtMs === null) return false;
  if (input.nowMs - input.answeredAtMs > WORKER_STALE_MS) return true;
  if (input.heartbeatAt === null || input.serverNow === null || !input.online) return true;
  return Date.parse(input.serverNow) - Date.parse(input.heartbeatAt) > WORKER_STALE_MS;
}
