// AdminFinanceStat's figures and exports (docs/finance.md), read from the finance, ledger and cash read
// models. Period figures (activity, the journal) are the semester's; the trial balance is cumulative up
// to the semester's end; cash, pouches awaiting count and stored value are now.
import {
  accountGroupOf,
  compareAccounts,
  type JournalLine,
  journalLineOf,
  mergeTotals,
  storedValueOf,
  type TrialBalance,
  trialBalanceOf,
} from '@club/core/finance/books';
import {
  type AccountId,
  accountName,
  accountUserPk,
  clubAccountOf,
  isStaffCashAccount,
} from '@club/core/ledger/accounts';
import { stockAccountOf } from '@club/core/stock/accounts';
import { compareSemesterTags, parseSemesterTag, semesterOf } from '@club/core/semester';
import type { StockItemTotals } from '@club/projections';
import type { z } from 'zod';
import type * as contract from '../contracts/finance.ts';
import type { PortalServices } from '../services.ts';
import { ntd, userRef } from './staff-cash.ts';

type Summary = z.infer<typeof contract.financeSummary.ok>;

const personName = (services: PortalServices, account: AccountId): string | undefined => {
  const pk = accountUserPk(account) ?? Number(account.replace(/^cash-/, ''));
  return services.projections.models.users.byPk.get(pk)?.name;
};

/** The zh name of an account (a person's name for theirs; staff cash names its holder). */
export function nameOf(services: PortalServices, account: AccountId): string {
  if (isStaffCashAccount(account))
    return `${accountName(account, 'zh')} ${personName(services, account) ?? ''}`.trim();
  return accountName(account, 'zh', personName(services, account));
}

const nameEnOf = (services: PortalServices, account: AccountId): string =>
  isStaffCashAccount(account)
    ? `${accountName(account, 'en')} ${personName(services, account) ?? ''}`.trim()
    : accountName(account, 'en', personName(services, account));

/** Semesters with money events, and the current one, newest first. */
export function semesterTags(services: PortalServices): string[] {
  const tags = new Set(services.projections.models.finance.semesters.keys());
  tags.add(semesterOf(services.now()).tag);
  return [...tags].sort((a, b) => compareSemesterTags(b, a));
}

/** Every account's totals up to the end of the semester `tag`. */
export function trialBalanceAsAt(services: PortalServices, tag: string): TrialBalance {
  const periods = [...services.projections.models.finance.semesters.values()]
    .filter((semester) => compareSemesterTags(semester.tag, tag) <= 0)
    .map((semester) => semester.totals);
  return trialBalanceOf(mergeTotals(periods));
}

/** Events read per page when the journal is read from the log. */
const JOURNAL_PAGE_SIZE = 5000;

/**
 * The semester's journal lines in log order, read from the log (the read model keeps only where they lie
 * and how many there are): every money event between the semester's bounds whose line is of the semester.
 * The bounds are taken once, so the lines are those of the moment the export was asked for.
 */
export async function journalOf(services: PortalServices, tag: string): Promise<JournalLine[]> {
  const semester = services.projections.models.finance.semesters.get(tag);
  if (!semester) return [];
  const { readAfterPosition, lastLinePosition, lineCount } = semester;
  const lines: JournalLine[] = [];
  let after = readAfterPosition;
  reading: for (;;) {
    const page = await services.store.readAll({ afterPosition: after, maxCount: JOURNAL_PAGE_SIZE });
    for (const event of page) {
      if (event.position > lastLinePosition) break reading;
      const line = journalLineOf(event);
      if (line?.semester === tag) lines.push(line);
    }
    if (page.length < JOURNAL_PAGE_SIZE) break;
    after = page[page.length - 1]!.position;
  }
  // The read model counted these lines from the same events: a difference is a bug, not a state.
  if (lines.length !== lineCount)
    throw new Error(
      `journal ${tag}: read ${lines.length} lines from the log, the read model counted ${lineCount}`,
    );
  return lines;
}

/**
 * Sales and purchases per price-list prefix, from the stock account's side of each transfer that booked a
 * stock delta (the item's prefix as it is now: an item moved to another group counts there).
 */
function salesByPrefixOf(
  services: PortalServices,
  stockItems: ReadonlyMap<number, StockItemTotals>,
): Summary['salesByPrefix'] {
  const byPrefix = new Map<string, { account: string; salesCents: number; purchasesCents: number }>();
  // Items in the order of their first line, so a prefix's account is that of its first line.
  for (const [stockPk, item] of stockItems) {
    const prefix = services.projections.models.stock.items.get(stockPk)?.config.prefix ?? '?';
    const row = byPrefix.get(prefix) ?? { account: item.account, salesCents: 0, purchasesCents: 0 };
    row.salesCents += item.salesCents;
    row.purchasesCents += item.purchasesCents;
    byPrefix.set(prefix, row);
  }
  return [...byPrefix]
    .map(([prefix, row]) => {
      const group = stockAccountOf(prefix);
      return {
        prefix,
        name: group?.nameZh ?? prefix,
        nameEn: group?.nameEn ?? prefix,
        account: row.account,
        sales: ntd(row.salesCents),
        purchases: ntd(row.purchasesCents),
      };
    })
    .sort((a, b) => b.sales - a.sales || a.prefix.localeCompare(b.prefix));
}

export function financeSummary(services: PortalServices, tag: string): Summary {
  const semester = parseSemesterTag(tag);
  if (!semester) throw new Error(`not a semester tag: ${tag}`);
  const now = services.now();
  const { finance, ledger, cash } = services.projections.models;
  const period = finance.semesters.get(tag);

  const activity = [...(period?.totals ?? new Map())]
    .flatMap(([account, totals]) => {
      const group = accountGroupOf(account);
      if (!group) return [];
      const club = clubAccountOf(account);
      const lines = period?.lineCountByAccount.get(account) ?? 0;
      return [
        {
          account,
          name: club?.nameZh ?? account,
          nameEn: club?.nameEn ?? account,
          group,
          income: ntd(totals.creditCents),
          expense: ntd(totals.debitCents),
          net: ntd(totals.creditCents - totals.debitCents),
          lines,
        },
      ];
    })
    .sort((a, b) => compareAccounts(a.account, b.account));
  const salesByPrefix = salesByPrefixOf(services, period?.stockItems ?? new Map());
  const incomeTotal = activity.filter((row) => row.group === 'income').reduce((sum, row) => sum + row.net, 0);

  const staffCash = [...ledger.balances]
    .filter(([account, balance]) => isStaffCashAccount(account) && balance !== 0)
    .map(([account, balance]) => ({
      ...userRef(services, Number(account.slice('cash-'.length))),
      amount: ntd(-balance),
    }))
    .sort((a, b) => b.amount - a.amount || a.pk - b.pk);
  const clubCash = ntd(-(ledger.balances.get('13') ?? 0));

  const pouches = {
    uncounted: { count: 0, amount: 0 },
    counted: { count: 0, amount: 0 },
    committed: { count: 0, amount: 0 },
    unused: 0,
  };
  for (const pouch of cash.pouches.values()) {
    if (!pouch.use) pouches.unused += 1;
    else if (!pouch.count) {
      pouches.uncounted.count += 1;
      pouches.uncounted.amount += ntd(pouch.use.amountCents);
    } else if (!pouch.count.committed) {
      pouches.counted.count += 1;
      pouches.counted.amount += ntd(pouch.count.countedCents);
    } else if (semesterOf(new Date(pouch.count.at)).tag === tag) {
      pouches.committed.count += 1;
      pouches.committed.amount += ntd(pouch.count.countedCents);
    }
  }

  const stored = storedValueOf(ledger.balances);
  const trial = trialBalanceAsAt(services, tag);
  const members = { debitCents: 0, creditCents: 0, count: 0 };
  const rows: Summary['trialBalance']['rows'] = [];
  for (const row of trial.rows) {
    if (clubAccountOf(row.account) || isStaffCashAccount(row.account)) {
      rows.push({
        account: row.account,
        name: nameOf(services, row.account),
        nameEn: nameEnOf(services, row.account),
        kind: clubAccountOf(row.account) ? 'club' : 'staffcash',
        debit: ntd(row.debitCents),
        credit: ntd(row.creditCents),
        balance: ntd(row.balanceCents),
      });
    } else {
      members.debitCents += row.debitCents;
      members.creditCents += row.creditCents;
      members.count += 1;
    }
  }
  if (members.count > 0)
    rows.push({
      account: 'members',
      name: `會員儲值（${members.count} 個帳戶）`,
      nameEn: `Members' stored value (${members.count} accounts)`,
      kind: 'members',
      debit: ntd(members.debitCents),
      credit: ntd(members.creditCents),
      balance: ntd(members.creditCents - members.debitCents),
    });
  const asAt = new Date(Math.min(semester.end.getTime(), now.getTime()));

  return {
    status: 'ok',
    semester: tag,
    semesters: semesterTags(services),
    start: semester.start.toISOString(),
    end: semester.end.toISOString(),
    moment: {
      position: services.projections.position,
      at: now.toISOString(),
      lastMoneyPosition: finance.lastPosition,
      lastMoneyAt: finance.lastAt,
    },
    activity,
    salesByPrefix,
    incomeTotal,
    staffCash,
    clubCash,
    pouches,
    storedValue: {
      owed: ntd(stored.owedCents),
      debt: ntd(stored.debtCents),
      net: ntd(stored.netCents),
      accounts: stored.members,
    },
    trialBalance: {
      asAt: asAt.toISOString(),
      rows,
      inTransit: ntd(trial.inTransitCents),
      totalDebit: ntd(trial.totalDebitCents),
      totalCredit: ntd(trial.totalCreditCents),
      total: ntd(trial.totalCents),
    },
    journalLines: period?.lineCount ?? 0,
  };
}
