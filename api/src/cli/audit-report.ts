// The report of `npm run audit -- <user | stream>` (audit.ts prints it). Three parts:
//   1. history: every event of the user's streams (or of the one stream), in log order, with who did what;
//   2. ledger: each of the user's accounts (their stored value, and their cash in hand if they are staff)
//      entry by entry with a running balance, checked against the balance each event recorded and against
//      the ledger read model rebuilt from zero (rebuildAll);
//   3. the whole ledger: every balance of the rebuilt read model plus the money in flight (debited, not yet
//      credited, paired by transfer key straight from the log) must add up to zero, and no credit may lack
//      its debit.
// `ok` is false on any mismatch; the CLI then exits non-zero. A target that names no user and no stream
// is refused (CliRefusal), never reported as an empty, "OK" history.
//
// Everything printed passes through `printable`: summaries, names and stream names are typed by people,
// and a control character in them must not forge report lines or drive the terminal.
import type { EventStore, RecordedEvent } from '@club/core/eventstore/port';
import { type AccountId, accountStream, isAccountId, staffCashAccount } from '@club/core/ledger/accounts';
import type { Posting, TransferDebitedData } from '@club/core/ledger/events';
import { postingSummaryText, type SummaryLanguage } from '@club/core/ledger/summary-text';
import {
  findUserByLogin,
  type LedgerModel,
  ledgerProjection,
  rebuildAll,
  type UsersModel,
  usersProjection,
} from '@club/projections';
import { CliRefusal } from './args.ts';

export interface AuditReport {
  /** The user the target named (by pk, pkstr, mobile, student ID or e-mail), or null for a stream. */
  userPk: number | null;
  /** What to print, in order. */
  lines: string[];
  /** Every check passed. */
  ok: boolean;
  /** The failed checks, each one sentence (also in `lines`). */
  mismatches: string[];
}

const PAGE_SIZE = 5000;

async function readWholeLog(store: EventStore, keep: (event: RecordedEvent) => boolean) {
  const events: RecordedEvent[] = [];
  for (let after = 0; ; ) {
    const page = await store.readAll({ afterPosition: after, maxCount: PAGE_SIZE });
    for (const event of page) if (keep(event)) events.push(event);
    if (page.length < PAGE_SIZE) return events;
    after = page[page.length - 1]!.position;
  }
}

/** NTD from cents, with the cents only when there are any. */
export const formatNtd = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const rest = abs % 100;
  return rest === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(rest).padStart(2, '0')}`;
};

// C0 and C1 controls, DEL, the line and paragraph separators and the bidirectional overrides and isolates
// (which reorder what a terminal shows).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Text as it may reach a terminal: every control character as a visible \uXXXX escape. */
export const printable = (text: string): string =>
  text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The summary of a posting as the report shows it (the one place that renders it). */
/** A posting's summary in `language`: system-made ones rendered from their code, typed ones as typed. */
export const summaryText = (posting: Posting, language: SummaryLanguage): string =>
  postingSummaryText(posting, language);

function historyLine(event: RecordedEvent): string {
  const { passwordHash: _hidden, ...data } = (event.data ?? {}) as Record<string, unknown>;
  const actor = event.metadata.actor ?? 'system';
  return `${event.metadata.time}  #${event.position}  ${event.stream}@${event.revision}  by ${actor}  ${event.type}  ${JSON.stringify(data)}`;
}

/**
 * The user pk a target spells as a pk (101, U00101, u101), or null. A number with a leading zero is not a
 * pk: 0912345678 is a mobile number, and reading it as pk 912345678 would audit nobody.
 */
export const userPkOfTarget = (target: string): number | null => {
  const text = target.trim();
  const digits = /^U0*(\d+)$/i.exec(text)?.[1] ?? /^([1-9]\d*)$/.exec(text)?.[1];
  return digits === undefined || digits.length > 9 ? null : Number(digits);
};

/** Whether a pk belongs to anyone the ledger or the users know (a person, or a club account such as 1). */
const knownPk = (users: UsersModel, ledger: LedgerModel, pk: number): boolean =>
  users.byPk.has(pk) || ledger.balances.has(String(pk)) || ledger.balances.has(staffCashAccount(pk));

/**
 * The user a target names: a pk or pkstr that exists, or a mobile, student ID or e-mail of an account.
 * Null when the target names no user (it may still be a stream); refused when it looks like a user but
 * names none, or names two different people.
 */
export function resolveUser(users: UsersModel, ledger: LedgerModel, target: string): number | null {
  const byLogin = findUserByLogin(users, target)?.pk;
  const byPk = userPkOfTarget(target);
  if (byPk !== null && knownPk(users, ledger, byPk)) {
    if (byLogin !== undefined && byLogin !== byPk)
      throw new CliRefusal(
        `${target} is both user ${byPk} and the login of user ${byLogin}: name one by pkstr`,
      );
    return byPk;
  }
  if (byLogin !== undefined) return byLogin;
  if (byPk !== null) throw new CliRefusal(`no user with pk ${byPk}`);
  if (/^0\d+$/.test(target.trim())) throw new CliRefusal(`no user with the mobile number ${target.trim()}`);
  if (target.includes('@')) throw new CliRefusal(`no user with the e-mail ${target.trim()}`);
  return null;
}

/**
 * `language` is that of the summaries in the account lines (system-made ones are rendered from their
 * code; typed ones stay as typed); the history prints the events as stored.
 */
export async function auditReport(
  store: EventStore,
  target: string,
  options: { language?: SummaryLanguage } = {},
): Promise<AuditReport> {
  const language = options.language ?? 'zh';
  const lines: string[] = [];
  const mismatches: string[] = [];
  const mismatch = (text: string) => {
    mismatches.push(text);
    lines.push(`MISMATCH: ${text}`);
  };

  // Both read models rebuilt from zero: the users to resolve the target, the ledger to check against.
  const rebuilt = await rebuildAll(store, { ledger: ledgerProjection, users: usersProjection });
  const model = rebuilt.models.ledger;

  // 1. History.
  const userPk = resolveUser(rebuilt.models.users, model, target);
  let accounts: AccountId[];
  let history: RecordedEvent[];
  if (userPk !== null) {
    const suffix = `-${userPk}`;
    history = await readWholeLog(
      store,
      (event) =>
        event.stream.endsWith(suffix) || (event.data as { userPk?: number } | null)?.userPk === userPk,
    );
    accounts = userPk > 0 ? [String(userPk), staffCashAccount(userPk)] : [];
  } else {
    history = await store.readStream(target);
    if (history.length === 0)
      throw new CliRefusal(
        `no user and no stream named ${target} (a user: pk, U00101, mobile, student ID or e-mail)`,
      );
    const account = target.startsWith('account-') ? target.slice('account-'.length) : '';
    accounts = isAccountId(account) ? [account] : [];
  }
  const user = userPk === null ? undefined : rebuilt.models.users.byPk.get(userPk);
  lines.push(
    user
      ? `== history of ${user.pkstr} ${user.name} (${user.mobile})`
      : `== history of ${userPk === null ? target : `pk ${userPk}`}`,
  );
  if (history.length === 0) lines.push('no events');
  for (const event of history) lines.push(historyLine(event));

  // 2. The accounts, entry by entry, against the rebuilt read model.
  for (const account of accounts) {
    const events = await store.readStream(accountStream(account));
    const entries = events.filter(
      (event) => event.type === 'TransferDebited' || event.type === 'TransferCredited',
    );
    // A staff cash account that never moved is not shown; a person's account always is.
    if (entries.length === 0 && account.startsWith('cash-')) continue;
    lines.push('', `== account ${account}: ${entries.length} entries, running balance in NTD`);
    let running = 0;
    for (const event of entries) {
      const data = event.data as TransferDebitedData;
      const debit = event.type === 'TransferDebited';
      const delta = debit ? -data.posting.amountCents : data.posting.amountCents;
      running += delta;
      const other = debit ? data.posting.credit : data.posting.debit;
      lines.push(
        `${data.at}  #${event.position}  ${data.posting.kind.padEnd(16)}  ${formatNtd(delta).padStart(10)}  ${formatNtd(running).padStart(10)}  ${debit ? 'to' : 'from'} ${other}  ${summaryText(data.posting, language)}`,
      );
      if (data.balanceAfterCents !== running) {
        mismatch(
          `account ${account} #${event.position}: the event recorded a balance of ${formatNtd(data.balanceAfterCents)}, the running balance is ${formatNtd(running)}`,
        );
      }
    }
    const readModel = model.balances.get(account) ?? 0;
    if (readModel === running) {
      lines.push(`balance ${formatNtd(running)} agrees with the read model`);
    } else {
      mismatch(
        `account ${account}: running balance ${formatNtd(running)}, read model ${formatNtd(readModel)}`,
      );
    }
  }

  // 3. The whole ledger adds up to zero.
  const debits = new Map<string, number>();
  const credited = new Set<string>();
  const log = await readWholeLog(
    store,
    (event) => event.type === 'TransferDebited' || event.type === 'TransferCredited',
  );
  for (const event of log) {
    const data = event.data as TransferDebitedData;
    if (event.type === 'TransferDebited') {
      debits.set(data.transferKey, data.posting.amountCents);
    } else {
      credited.add(data.transferKey);
      if (!debits.has(data.transferKey))
        mismatch(`credit of ${data.transferKey} (#${event.position}) has no debit`);
    }
  }
  let inFlightCents = 0;
  for (const [transferKey, amountCents] of debits)
    if (!credited.has(transferKey)) inFlightCents += amountCents;
  let balancesCents = 0;
  for (const balance of model.balances.values()) balancesCents += balance;
  lines.push(
    '',
    `== ledger: ${model.balances.size} accounts, sum of balances ${formatNtd(balancesCents)}, in flight ${formatNtd(inFlightCents)} (read model: ${formatNtd(model.inFlightCents)})`,
  );
  if (balancesCents + inFlightCents !== 0) {
    mismatch(
      `the balances plus the money in flight add up to ${formatNtd(balancesCents + inFlightCents)}, not zero`,
    );
  }
  if (inFlightCents !== model.inFlightCents) {
    mismatch(
      `money in flight: ${formatNtd(inFlightCents)} from the log, ${formatNtd(model.inFlightCents)} in the read model`,
    );
  }
  if (inFlightCents !== 0) {
    lines.push('money is in flight: the process manager credits it at its next start (npm start)');
  }

  const ok = mismatches.length === 0;
  lines.push('', ok ? 'OK' : `MISMATCH (${mismatches.length})`);
  return { userPk, lines: lines.map(printable), ok, mismatches };
}
