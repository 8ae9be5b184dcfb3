// Failed logins are limited per account and per IP, so passwords cannot be guessed at speed.
import { RateLimiterMemory } from 'rate-limiter-flexible';

const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

export class LoginLimiter {
  private readonly perAccount = new RateLimiterMemory({
    keyPrefix: 'account',
    points: MAX_FAILURES_PER_ACCOUNT,
    duration: WINDOW_SECONDS,
  });
  private readonly perIp = new RateLimiterMemory({
    keyPrefix: 'ip',
    points: MAX_FAILURES_PER_IP,
    duration: WINDOW_SECONDS,
  });

  /** True when this account or IP has used up its failures for the window. */
  async isBlocked(accountKey: string, ip: string): Promise<boolean> {
    const [account, address] = await Promise.all([this.perAccount.get(accountKey), this.perIp.get(ip)]);
    return (
      (account?.consumedPoints ?? 0) >= MAX_FAILURES_PER_ACCOUNT ||
      (address?.consumedPoints ?? 0) >= MAX_FAILURES_PER_IP
    );
  }

  async recordFailure(accountKey: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.penalty(accountKey, 1), this.perIp.penalty(ip, 1)]);
  }

  async recordSuccess(accountKey: string): Promise<void> {
    await this.perAccount.delete(accountKey);
  }
}
