// The client's view of the ledger (document 3, section 3: Transaction): one side of a transfer as a row of
// an account's transaction log, and the accounts a member may pay. Money in whole NTD (signed: minus for
// money out); the read model keeps integer cents.
import {
  type AccountId,
  accountUserPk,
  CLUB_ACCOUNTS,
  type ClubAccount,
  clubAccountOf,
  isStaffCashAccount,
} from '@club/core/ledger/accounts';
import { CENTS_PER_NTD } from '@club/core/ledger/money';
import {
  type SummaryCode,
  summaryCodeOf,
  summaryText,
  type TypedSummary,
} from '@club/core/ledger/summary-text';
import { stockPkStr } from '@club/core/stock/events';
import { type LedgerEntry, type StockModel, type UsersModel, userPkstr } from '@club/projections';
import type { z } from 'zod';
import { accountPartySchema, pagerSchema, personRefSchema, transactionSchema } from '../contracts/shared.ts';

// The row shapes are the contract's (api/src/contracts/shared.ts); re-exported for the routes that import them here.
export { accountPartySchema, pagerSchema, personRefSchema, transactionSchema };

export type AccountParty = z.infer<typeof accountPartySchema>;

export type TransactionView = z.infer<typeof transactionSchema>;

/**
 * A transaction's summary in both languages, rendered by core/src/ledger/summary-text.ts from the stored
 * code (or the old Chinese text it recognises); the page shows the one of its language, as it does for
 * the club accounts' names. Text a person typed is the same in both.
 */
export const summaryTexts = (code: SummaryCode | TypedSummary) => ({
  summary: summaryText(code, 'zh'),
  summaryEn: summaryText(code, 'en'),
});

/** Rows per page of the transaction log (the spec leaves the page size open; the point log uses 20). */
export const TRANS_LOG_ROWS_PER_PAGE = 20;

export const centsToNtd = (cents: number): number => cents / CENTS_PER_NTD;

/**
 * Club accounts a member may pay with a transfer, and that the search picker offers: film stock and
 * giclee printing (paying for goods and prints), and the member-fee income, which is offered only so that
 * choosing it gets the spec's refusal ('use the pay-member-fee feature'). Workshop deposits, pouch
 * clearing and the club's cash are booked by their own features; staff cash accounts are never payable.
 */
export const MEMBER_PAYABLE_CLUB_ACCOUNTS: readonly ClubAccount[] = [
  CLUB_ACCOUNTS.filmStock,
  CLUB_ACCOUNTS.gicleeStock,
  CLUB_ACCOUNTS.memberFeeIncome,
];

const payableClubAccountIds = new Set(MEMBER_PAYABLE_CLUB_ACCOUNTS.map((account) => account.id));

/** A transfer recipient a member may choose: a registered person, or a payable club account. */
export function isMemberPayableRecipient(users: UsersModel, pk: number): boolean {
  return payableClubAccountIds.has(String(pk)) || users.byPk.has(pk);
}

export function personRef(users: UsersModel, pk: number) {
  const row = users.byPk.get(pk);
  return { pk, pkstr: row?.pkstr ?? userPkstr(pk), name: row?.name ?? '' };
}

export function accountParty(users: UsersModel, account: AccountId): AccountParty {
  const club = clubAccountOf(account);
  if (club) {
    const pk = Number(club.id);
    return { pk, pkstr: userPkstr(pk), name: club.nameZh, nameEn: club.nameEn, account, prefix: true };
  }
  if (isStaffCashAccount(account)) {
    const person = personRef(users, Number(account.slice('cash-'.length)));
    const who = person.name || person.pkstr;
    return {
      pk: person.pk,
      pkstr: person.pkstr,
      name: `幹部手上現金（${who}）`,
      nameEn: `Cash in hand of ${who}`,
      account,
      prefix: true,
    };
  }
  const pk = accountUserPk(account);
  if (pk === null) throw new Error(`account ${account} is neither a person's nor the club's`);
  return { ...personRef(users, pk), account, prefix: false };
}

/**
 * The stock line a transfer booked (a sale line, a purchase, or a refund of either), named from the stock
 * read model; null for a transfer that moved no stock.
 */
function stockLineOf(
  posting: LedgerEntry['posting'],
  stock: StockModel | undefined,
): TransactionView['stock'] {
  const link = posting.links.stockDelta;
  if (!link || !stock) return null;
  const item = stock.items.get(link.stockPk);
  const transferId = posting.links.refundOf
    ? posting.links.refundOf.slice(posting.links.refundOf.indexOf('/') + 1)
    : posting.transferId;
  const sale = /^sale:([^:]+):\d+$/.exec(transferId);
  return {
    pk: link.stockPk,
    pkstr: stockPkStr(link.stockPk),
    name: item?.config.name ?? '',
    unit: item?.config.unit ?? '',
    kind: link.kind,
    quantity: link.delta,
    saleId: sale ? sale[1]! : null,
  };
}

/** One row of an account's transaction log; with the stock model, a stock line names its item. */
export function transactionView(users: UsersModel, entry: LedgerEntry, stock?: StockModel): TransactionView {
  const actorPk = entry.posting.actorPk;
  return {
    pk: entry.pk,
    pkstr: `T${entry.pk}`,
    sympk: entry.sympk,
    sympkstr: entry.sympk === null ? null : `T${entry.sympk}`,
    timestamp: entry.at,
    user: accountParty(users, entry.account),
    symuser: accountParty(users, entry.otherAccount),
    execuser: actorPk === null ? null : personRef(users, actorPk),
    ...summaryTexts(summaryCodeOf(entry.posting)),
    delta: centsToNtd(entry.deltaCents),
    balance: centsToNtd(entry.balanceAfterCents),
    kind: entry.posting.kind,
    stock: stockLineOf(entry.posting, stock),
  };
}

/** A page (from 1) of rows, newest first, with the spec's pager. */
export function pageOfEntries(entries: readonly LedgerEntry[] | undefined, page: number) {
  const all = entries ?? [];
  const end = all.length - (page - 1) * TRANS_LOG_ROWS_PER_PAGE;
  const start = Math.max(0, end - TRANS_LOG_ROWS_PER_PAGE);
  const rows = end <= 0 ? [] : all.slice(start, end).reverse();
  return { rows, pager: { totalrows: all.length, rowsperpage: TRANS_LOG_ROWS_PER_PAGE, page } };
}
