// Failed logins are limited per account and per IP, so passwords cannot be guessed at speed.
//
// - Per account: 5 failures per 15 minutes, counted against the account the identifier resolves to (its
//   pk), so a person's mobile, student ID and e-mail share one budget. An identifier that names nobody
//   is counted under its normalised spelling, which answers the same way and so tells nothing.
// - Per IP: a club room or a dormitory shares one address, so an IP is never banned for the window.
//   After 10 free failures each further attempt first waits out a short pause that doubles (1 s, 2 s,
//   4 s, ... at most 60 s): guessing slows to a crawl while a person behind the same address only waits
//   seconds.
// - An attempt reserves its failure before the password is verified, in one SQLite transaction, so
//   parallel attempts cannot all pass the check before any failure is written; a success gives the
//   reservation back. BEGIN IMMEDIATE makes this hold across processes sharing the file too.
// - The counts live in DATA_DIR/sessions.sqlite3 beside the sessions, so a restart does not reset them.
import type Database from 'better-sqlite3';

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const FREE_FAILURES_PER_IP = 10;
export const FIRST_IP_PAUSE_MS = 1_000;
export const MAX_IP_PAUSE_MS = 60_000;
/** Expired rows are swept after this many reservations, so unknown identifiers do not pile up. */
const SWEEP_EVERY = 500;

export type LoginReservation = { ok: true } | { ok: false; retryAfterMs: number };

interface CounterRow {
  count: number;
  window_start: number;
  blocked_until: number;
}

/** The key an attempt is counted under: the account's pk, or the identifier as typed, normalised. */
export function accountKeyOf(resolvedPk: number | undefined, identifier: string): string {
  return resolvedPk === undefined ? `id:${identifier.trim().toLowerCase()}` : `pk:${resolvedPk}`;
}

/** The pause an IP waits before its `failuresOverFree`-th attempt beyond the free ones (1-based). */
export function ipPauseMs(failuresOverFree: number): number {
  if (failuresOverFree <= 0) return 0;
  return Math.min(FIRST_IP_PAUSE_MS * 2 ** Math.min(failuresOverFree - 1, 16), MAX_IP_PAUSE_MS);
}

export class LoginLimiter {
  private readonly getStmt;
  private readonly putStmt;
  private readonly deleteStmt;
  private readonly sweepStmt;
  private readonly reserveTx;
  private readonly releaseTx;
  private reservations = 0;

  constructor(db: Database.Database) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS login_failures (
         key TEXT PRIMARY KEY,
         count INTEGER NOT NULL,
         window_start INTEGER NOT NULL,
         blocked_until INTEGER NOT NULL
       )`,
    );
    this.getStmt = db.prepare<[string], CounterRow>(
      'SELECT count, window_start, blocked_until FROM login_failures WHERE key = ?',
    );
    this.putStmt = db.prepare<[string, number, number, number]>(
      `INSERT INTO login_failures (key, count, window_start, blocked_until) VALUES (?, ?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET count = excluded.count, window_start = excluded.window_start,
         blocked_until = excluded.blocked_until`,
    );
    this.deleteStmt = db.prepare<[string]>('DELETE FROM login_failures WHERE key = ?');
    this.sweepStmt = db.prepare<[number, number]>(
      'DELETE FROM login_failures WHERE window_start <= ? AND blocked_until <= ?',
    );
    this.reserveTx = db.transaction((accountKey: string, ip: string, nowMs: number) =>
      this.reserveInTransaction(accountKey, ip, nowMs),
    );
    this.releaseTx = db.transaction((accountKey: string, ip: string, nowMs: number) => {
      this.deleteStmt.run(`account:${accountKey}`);
      const address = this.current(`ip:${ip}`, nowMs);
      if (address.count > 0)
        this.putStmt.run(`ip:${ip}`, address.count - 1, address.window_start, address.blocked_until);
    });
  }

  /**
   * Takes one failure from the account's and the IP's budget before the password is checked. Refused
   * (and nothing is taken) when the account has no failures left or the IP is in a pause.
   */
  reserve(accountKey: string, ip: string, nowMs: number): LoginReservation {
    if (++this.reservations % SWEEP_EVERY === 0) this.sweep(nowMs);
    return this.reserveTx.immediate(accountKey, ip, nowMs);
  }

  /** The password was right: the account's failures are forgiven and the IP gets its reservation back. */
  succeeded(accountKey: string, ip: string, nowMs: number): void {
    this.releaseTx.immediate(accountKey, ip, nowMs);
  }

  sweep(nowMs: number): void {
    this.sweepStmt.run(nowMs - WINDOW_MS, nowMs);
  }

  private reserveInTransaction(accountKey: string, ip: string, nowMs: number): LoginReservation {
    const account = this.current(`account:${accountKey}`, nowMs);
    if (account.count >= MAX_FAILURES_PER_ACCOUNT)
      return { ok: false, retryAfterMs: account.window_start + WINDOW_MS - nowMs };
    const address = this.current(`ip:${ip}`, nowMs);
    if (address.blocked_until > nowMs) return { ok: false, retryAfterMs: address.blocked_until - nowMs };
    this.putStmt.run(`account:${accountKey}`, account.count + 1, account.window_start, 0);
    const ipCount = address.count + 1;
    // The pause starts now and holds back the next attempt, so parallel attempts are paced as well.
    const blockedUntil = nowMs + ipPauseMs(ipCount - FREE_FAILURES_PER_IP);
    this.putStmt.run(`ip:${ip}`, ipCount, address.window_start, blockedUntil);
    return { ok: true };
  }

  /** The row of `key`, or a fresh one when there is none or its window has passed. */
  private current(key: string, nowMs: number): CounterRow {
    const row = this.getStmt.get(key);
    if (!row || nowMs - row.window_start >= WINDOW_MS)
      return { count: 0, window_start: nowMs, blocked_until: row?.blocked_until ?? 0 };
    return row;
  }
}
