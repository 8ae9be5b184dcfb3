// The club's books as a treasurer reads them, computed from the ledger's events alone (docs/finance.md).
// A journal line is one side of a transfer, one event: a TransferDebited is the debit line of its debit
// account, a TransferCredited the credit line of its credit account. The ledger's sign convention is kept:
// an account's balance is its credits less its debits (a member's top-up credits the member).
//
// The trial balance adds every line per account. A transfer whose credit has not arrived yet (the process
// manager brings it) is "in transit": its amount is shown on its own line, so the balances and the transit
// line always sum to zero. Pure functions: the finance projection and the ledger property test share them.
import type { RecordedEvent } from '../eventstore/port.ts';
import { semesterOf } from '../semester.ts';
import {
  type AccountId,
  CLUB_ACCOUNTS,
  type ClubAccountKey,
  clubAccountOf,
  isHumanAccount,
  isStaffCashAccount,
} from '../ledger/accounts.ts';
import type { Posting, TransferCredited, TransferDebited } from '../ledger/events.ts';

/** One side of a transfer, traced to its event. */
export interface JournalLine {
  /** The event's global log position. */
  position: number;
  stream: string;
  revision: number;
  eventId: string;
  type: 'TransferDebited' | 'TransferCredited';
  /** When the transfer happened (both sides carry the debit's time). */
  at: string;
  /** The semester tag of `at` (Taipei time). */
  semester: string;
  account: AccountId;
  otherAccount: AccountId;
  debitCents: number;
  creditCents: number;
  transferKey: string;
  kind: Posting['kind'];
  summary: string;
  /** The stock item and delta kind (1 purchase, 2 sale, 3 adjust) booked with the transfer, if any. */
  stockPk: number | null;
  stockKind: 1 | 2 | 3 | null;
}

/** The journal line of an event, or null for an event that moves no money. */
export function journalLineOf(event: RecordedEvent): JournalLine | null {
  if (event.type !== 'TransferDebited' && event.type !== 'TransferCredited') return null;
  const data = event.data as TransferDebited['data'] | TransferCredited['data'];
  const { posting } = data;
  const debit = event.type === 'TransferDebited';
  return {
    position: event.position,
    stream: event.stream,
    revision: event.revision,
    eventId: event.id,
    type: event.type,
    at: data.at,
    semester: semesterOf(new Date(data.at)).tag,
    account: debit ? posting.debit : posting.credit,
    otherAccount: debit ? posting.credit : posting.debit,
    debitCents: debit ? posting.amountCents : 0,
    creditCents: debit ? 0 : posting.amountCents,
    transferKey: data.transferKey,
    kind: posting.kind,
    summary: posting.summary,
    stockPk: posting.links.stockDelta?.stockPk ?? null,
    stockKind: posting.links.stockDelta?.kind ?? null,
  };
}

/** Debit and credit totals of one account. */
export interface AccountTotals {
  debitCents: number;
  creditCents: number;
}

/** Totals per account: what the projection keeps per semester, and what the trial balance adds up. */
export type TotalsByAccount = Map<AccountId, AccountTotals>;

export function addLine(totals: TotalsByAccount, line: JournalLine): void {
  const row = totals.get(line.account);
  if (row) {
    row.debitCents += line.debitCents;
    row.creditCents += line.creditCents;
  } else totals.set(line.account, { debitCents: line.debitCents, creditCents: line.creditCents });
}

/** Adds several periods' totals into one (a trial balance as at a semester's end adds every earlier one). */
export function mergeTotals(periods: Iterable<TotalsByAccount>): TotalsByAccount {
  const merged: TotalsByAccount = new Map();
  for (const period of periods)
    for (const [account, totals] of period) {
      const row = merged.get(account);
      if (row) {
        row.debitCents += totals.debitCents;
        row.creditCents += totals.creditCents;
      } else merged.set(account, { ...totals });
    }
  return merged;
}

export interface TrialBalanceRow extends AccountTotals {
  account: AccountId;
  /** Credits less debits: the ledger balance of the account. */
  balanceCents: number;
}

export interface TrialBalance {
  /** Every account with a line, club accounts first, then staff cash, then people, by id. */
  rows: TrialBalanceRow[];
  /** Debited but not yet credited: the transfers on their way. */
  inTransitCents: number;
  totalDebitCents: number;
  totalCreditCents: number;
  /** The balances plus the transit line: zero in a sound ledger. */
  totalCents: number;
}

const groupRank = (account: AccountId): number =>
  clubAccountOf(account) ? 0 : isStaffCashAccount(account) ? 1 : 2;
const numericPart = (account: AccountId): number => Number(account.replace(/^cash-/, ''));

export const compareAccounts = (a: AccountId, b: AccountId): number =>
  groupRank(a) - groupRank(b) || numericPart(a) - numericPart(b);

/** The trial balance of per-account totals. */
export function trialBalanceOf(totals: TotalsByAccount): TrialBalance {
  const rows = [...totals]
    .map(([account, row]) => ({ account, ...row, balanceCents: row.creditCents - row.debitCents }))
    .sort((a, b) => compareAccounts(a.account, b.account));
  const totalDebitCents = rows.reduce((sum, row) => sum + row.debitCents, 0);
  const totalCreditCents = rows.reduce((sum, row) => sum + row.creditCents, 0);
  const inTransitCents = totalDebitCents - totalCreditCents;
  const balances = rows.reduce((sum, row) => sum + row.balanceCents, 0);
  return { rows, inTransitCents, totalDebitCents, totalCreditCents, totalCents: balances + inTransitCents };
}

/** The trial balance of a log (or any list of events): every money event, folded. */
export function trialBalanceOfEvents(events: Iterable<RecordedEvent>): TrialBalance {
  const totals: TotalsByAccount = new Map();
  for (const event of events) {
    const line = journalLineOf(event);
    if (line) addLine(totals, line);
  }
  return trialBalanceOf(totals);
}

// --- The treasurer's groups of club accounts ---

/**
 * income: money the club earned; held: money it holds for members and must give back or spend on their
 * behalf (deposits, group buys); stock: takings less purchases of goods sold; cash: where the cash is.
 */
export type AccountGroup = 'income' | 'held' | 'stock' | 'cash';

const GROUP_OF: Record<ClubAccountKey, AccountGroup> = {
  memberFeeIncome: 'income',
  labelIncome: 'income',
  libraryFines: 'income',
  equipmentRent: 'income',
  darkroomIncome: 'income',
  workshopDeposits: 'held',
  equipmentDeposits: 'held',
  groupBuy: 'held',
  filmStock: 'stock',
  gicleeStock: 'stock',
  suppliesStock: 'stock',
  pouchClearing: 'cash',
  clubCash: 'cash',
};

const groupById: ReadonlyMap<AccountId, AccountGroup> = new Map(
  (Object.keys(GROUP_OF) as ClubAccountKey[]).map((key) => [CLUB_ACCOUNTS[key].id, GROUP_OF[key]]),
);

/** The group of a club account; null for people's accounts and staff cash. */
export const accountGroupOf = (account: AccountId): AccountGroup | null => groupById.get(account) ?? null;

/** What members are owed (positive balances) and owe (debts of those allowed them), and the net. */
export function storedValueOf(balances: Iterable<[AccountId, number]>): {
  owedCents: number;
  debtCents: number;
  netCents: number;
  members: number;
} {
  let owedCents = 0;
  let debtCents = 0;
  let members = 0;
  for (const [account, balance] of balances) {
    if (!isHumanAccount(account)) continue;
    members += 1;
    if (balance > 0) owedCents += balance;
    else debtCents -= balance;
  }
  return { owedCents, debtCents, netCents: owedCents - debtCents, members };
}
