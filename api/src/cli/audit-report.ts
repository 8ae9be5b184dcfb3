// The report of `npm run audit -- <user | stream>` (audit.ts prints it). Three parts:
//   1. history: every event of the user's streams (or of the one stream), in log order, with who did what;
//   2. ledger: each of the user's accounts (their stored value, and their cash in hand if they are staff)
//      entry by entry with a running balance, checked against the balance each event recorded and against
//      the ledger read model rebuilt from zero (rebuildAll);
//   3. the whole ledger: every balance of the rebuilt read model plus the money in flight (debited, not yet
//      credited, paired by transfer key straight from the log) must add up to zero, and no credit may lack
//      its debit.
// `ok` is false on any mismatch; the CLI then exits non-zero.
import type { EventStore, RecordedEvent } from '@club/core/eventstore/port';
import { type AccountId, accountStream, isAccountId, staffCashAccount } from '@club/core/ledger/accounts';
import type { TransferDebitedData } from '@club/core/ledger/events';
import { postingSummaryText, type SummaryLanguage } from '@club/core/ledger/summary-text';
import { ledgerProjection, rebuildAll } from '@club/projections';

export interface AuditReport {
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

function historyLine(event: RecordedEvent): string {
  const { passwordHash: _hidden, ...data } = (event.data ?? {}) as Record<string, unknown>;
  const actor = event.metadata.actor ?? 'system';
  return `${event.metadata.time}  #${event.position}  ${event.stream}@${event.revision}  by ${actor}  ${event.type}  ${JSON.stringify(data)}`;
}

/** The user pk a target names (101, U00101), or null for a stream name. */
export const userPkOfTarget = (target: string): number | null => {
  const digits = /^U?0*(\d+)$/i.exec(target.trim())?.[1];
  return digits === undefined ? null : Number(digits);
};

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

  // 1. History.
  const userPk = userPkOfTarget(target);
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
    const account = target.startsWith('account-') ? target.slice('account-'.length) : '';
    accounts = isAccountId(account) ? [account] : [];
  }
  lines.push(`== history of ${target}`);
  if (history.length === 0) lines.push(`no events for ${target}`);
  for (const event of history) lines.push(historyLine(event));

  // 2. The accounts, entry by entry, against the rebuilt read model.
  const rebuilt = await rebuildAll(store, { ledger: ledgerProjection });
  const model = rebuilt.models.ledger;
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
        `${data.at}  #${event.position}  ${data.posting.kind.padEnd(16)}  ${formatNtd(delta).padStart(10)}  ${formatNtd(running).padStart(10)}  ${debit ? 'to' : 'from'} ${other}  ${postingSummaryText(data.posting, language)}`,
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
  return { lines, ok, mismatches };
}
