// Password reset requests are limited per e-mail and per client address, in memory: at most 3 mails an
// hour to one address and 10 requests an hour from one client. Over the limit the request is answered
// like any other (no account enumeration) but no mail is sent.
const WINDOW_MS = 60 * 60_000;
const PER_EMAIL = 3;
const PER_IP = 10;

export class ResetRequestLimiter {
  private readonly hits = new Map<string, number[]>();

  /** Counts a request; false when the e-mail or the address is over its hourly limit. */
  allow(email: string, ip: string, nowMs: number): boolean {
    const emailKey = `email:${email.toLowerCase()}`;
    const ipKey = `ip:${ip}`;
    const recent = (key: string) => (this.hits.get(key) ?? []).filter((at) => nowMs - at < WINDOW_MS);
    const byEmail = recent(emailKey);
    const byIp = recent(ipKey);
    if (byEmail.length >= PER_EMAIL || byIp.length >= PER_IP) return false;
    this.hits.set(emailKey, [...byEmail, nowMs]);
    this.hits.set(ipKey, [...byIp, nowMs]);
    if (this.hits.size > 100_000) this.hits.clear();
    return true;
  }
}
