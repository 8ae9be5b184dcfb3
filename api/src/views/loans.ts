// Views of the loans read model for the API (api/src/contracts/loans*.ts): book, loan, item and paper-box
// rows, the user/check borrow lists and the staff warnings' counts. Money in NTD, weights in grams.
import { accountName, CLUB_ACCOUNTS, userAccount } from '@club/core/ledger/accounts';
import type { EquipmentLoan } from '@club/core/loans/equipment';
import type { BookLoan, BookState } from '@club/core/loans/library';
import type { PaperBoxState } from '@club/core/loans/paper';
import { overdueDays, PAPER_LOW_SHEETS, sheetsIn, taipeiDayNumber } from '@club/core/loans/rules';
import type { OverdueLoan } from '@club/core/mail/rules';
import type { LoansModel, PaperRow } from '@club/projections';
import type { PortalServices } from '../services.ts';
import { personRef } from './ledger-rows.ts';

const ntd = (cents: number) => cents / 100;
const grams = (mg: number) => mg / 1000;

export const LOANS_ROWS_PER_PAGE = 20;

export const pagedRows = <Row>(rows: readonly Row[], page: number) => ({
  rows: rows.slice((page - 1) * LOANS_ROWS_PER_PAGE, page * LOANS_ROWS_PER_PAGE),
  pager: { totalrows: rows.length, rowsperpage: LOANS_ROWS_PER_PAGE, page },
});

const modelOf = (services: PortalServices): LoansModel => services.projections.models.loans;

// --- Books ---

export const bookView = (book: BookState) => ({
  pk: book.pk,
  barcode: book.barcode,
  isbn: book.isbn,
  title: book.title,
  author: book.author,
  publisher: book.publisher,
  classification: { name: book.classificationName, color: book.classificationColor },
  out: book.outLoanPk !== null,
  allowborrow: book.allowBorrow,
});

export const bookLoanPk = (loanPk: number) => `BLOG-${loanPk}`;

export function bookLogView(services: PortalServices, loan: BookLoan, now: Date) {
  const book = modelOf(services).library.books.get(loan.bookPk);
  const days = loan.status === 'returned' ? loan.overdueDays : overdueDays(new Date(loan.dueAt), now);
  return {
    pk: bookLoanPk(loan.loanPk),
    user: personRef(services.projections.models.users, loan.userPk),
    book: { pk: loan.bookPk, barcode: book?.barcode ?? '', title: book?.title ?? '' },
    borrowtime: loan.at,
    duetime: loan.dueAt,
    returntime: loan.status === 'returned' ? loan.returnedAt : null,
    expired: days > 0,
    expiredays: days,
    fine: loan.status === 'returned' ? ntd(loan.fineCents) : 0,
  };
}

/** A member's books out now, for user/check. */
export function bookBorrowList(services: PortalServices, userPk: number, now: Date) {
  const { library } = modelOf(services);
  return (library.outByUser.get(userPk) ?? []).flatMap((loanPk) => {
    const loan = library.loans.get(loanPk);
    if (!loan) return [];
    const view = bookLogView(services, loan, now);
    return [
      {
        pk: view.pk,
        barcode: view.book.barcode,
        title: view.book.title,
        borrowtime: view.borrowtime,
        duetime: view.duetime,
        expired: view.expired,
        expiredays: view.expiredays,
      },
    ];
  });
}

/** Every book out past its due time, the longest overdue first. */
export function overdueBookLoans(services: PortalServices, now: Date): BookLoan[] {
  const { library } = modelOf(services);
  return [...library.outByUser.values()]
    .flat()
    .flatMap((loanPk) => {
      const loan = library.loans.get(loanPk);
      return loan && overdueDays(new Date(loan.dueAt), now) > 0 ? [loan] : [];
    })
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt));
}

// --- Equipment ---

const transOf = (services: PortalServices, transferKey: string, side: 'debit' | 'credit', sign: number) => {
  const transfer = services.projections.models.ledger.transfers.get(transferKey);
  if (!transfer) return null;
  const pk = side === 'debit' ? transfer.debitPk : transfer.creditPk;
  if (pk === null) return null;
  return { pk, pkstr: `T${pk}`, delta: (sign * transfer.posting.amountCents) / 100 };
};

export function propertyLogView(services: PortalServices, loan: EquipmentLoan, now: Date) {
  const item = modelOf(services).equipment.properties.get(loan.propertyPk);
  const member = userAccount(loan.userPk);
  const deposits = CLUB_ACCOUNTS.equipmentDeposits.id;
  const returned = loan.status === 'returned' ? loan.returned : null;
  const endAt = returned ? new Date(returned.at) : now;
  const before =
    loan.depositCents > 0
      ? transOf(services, `${member}/posting:equipment-deposit:${loan.loanPk}`, 'debit', -1)
      : null;
  // What came back: the deposit released, less rent beyond it.
  let after: { pk: number; pkstr: string; delta: number } | null = null;
  if (returned) {
    const release = transOf(services, `${deposits}/posting:equipment-release:${loan.loanPk}`, 'credit', 1);
    const extra = transOf(services, `${member}/posting:equipment-extra:${loan.loanPk}`, 'debit', -1);
    if (release || extra)
      after = {
        pk: (release ?? extra)!.pk,
        pkstr: (release ?? extra)!.pkstr,
        delta: (release?.delta ?? 0) + (extra?.delta ?? 0),
      };
  }
  return {
    pk: `EQLog-${loan.loanPk}`,
    user: personRef(services.projections.models.users, loan.userPk),
    clubproperty: {
      pk: loan.propertyPk,
      pkstr: propertyPkstr(loan.propertyPk),
      name: item?.name ?? '',
      dayfee: ntd(loan.dayFeeCents),
    },
    activitytype: loan.activityType,
    timestamp: loan.at,
    expreturntime: loan.expReturnAt,
    realreturntime: returned?.at ?? null,
    expired: loan.status !== 'cancelled' && endAt.getTime() > Date.parse(loan.expReturnAt),
    deposit: ntd(loan.depositCents),
    rent: returned ? ntd(returned.rentCents) : null,
    transbefore: before,
    transafter: after,
    comment: loan.comment,
  };
}

export const propertyPkstr = (pk: number) => `EQ${String(pk).padStart(5, '0')}`;

export function propertyView(services: PortalServices, pk: number, now: Date) {
  const { equipment } = modelOf(services);
  const item = equipment.properties.get(pk);
  if (!item) return null;
  const last = item.lastLoanPk === null ? undefined : equipment.loans.get(item.lastLoanPk);
  return {
    pk,
    pkstr: propertyPkstr(pk),
    name: item.name,
    account: {
      pk: item.accountPk,
      name: accountName(
        String(item.accountPk),
        'zh',
        personRef(services.projections.models.users, item.accountPk).name,
      ),
    },
    dayfee: ntd(item.dayFeeCents),
    lastrow: last ? propertyLogView(services, last, now) : null,
  };
}

/** Loans that are out (holding or out), the longest out first. */
export function loansOut(services: PortalServices): EquipmentLoan[] {
  const { equipment } = modelOf(services);
  return [...equipment.properties.values()]
    .flatMap((item) => {
      const loan = item.currentLoanPk === null ? undefined : equipment.loans.get(item.currentLoanPk);
      return loan ? [loan] : [];
    })
    .sort((a, b) => a.at.localeCompare(b.at));
}

export function propertyBorrowList(services: PortalServices, userPk: number, now: Date) {
  return loansOut(services)
    .filter((loan) => loan.userPk === userPk)
    .map((loan) => {
      const view = propertyLogView(services, loan, now);
      return {
        pk: view.pk,
        clubproperty: {
          pk: view.clubproperty.pk,
          pkstr: view.clubproperty.pkstr,
          name: view.clubproperty.name,
        },
        timestamp: view.timestamp,
        expreturntime: view.expreturntime,
        expired: view.expired,
      };
    });
}

// --- Shared paper ---

export function paperRowView(services: PortalServices, box: PaperBoxState, row: PaperRow, now: Date) {
  const open = row.action === 'borrow' && row.returnAt === null;
  const days = open ? Math.max(0, taipeiDayNumber(now) - taipeiDayNumber(new Date(row.at))) : 0;
  const price = services.projections.models.stock.items.get(box.stockPk)?.config.priceCents ?? null;
  return {
    pk: row.pk,
    user: row.userPk === null ? null : personRef(services.projections.models.users, row.userPk),
    action: row.action,
    timestamp: row.at,
    returntime: row.returnAt,
    borrowquantity: row.borrowSheets,
    returnquantity: row.returnSheets,
    borrowweight: row.borrowWeightMg === null ? null : grams(row.borrowWeightMg),
    returnweight: row.returnWeightMg === null ? null : grams(row.returnWeightMg),
    problem: row.problem,
    today: taipeiDayNumber(new Date(row.at)) === taipeiDayNumber(now),
    checkoutdelta: row.usedSheets,
    amount: row.usedSheets === null || price === null ? null : Math.ceil((row.usedSheets * price) / 100),
    saleId: row.saleId,
    comment: row.comment,
    expireddays: days,
  };
}

export type PaperStateName = 'nodata' | 'borrowed' | 'overdue' | 'returned' | 'problem' | 'low';

export function paperBoxView(services: PortalServices, box: PaperBoxState, now: Date) {
  const model = modelOf(services);
  const rowPks = model.rowsByBox.get(box.pk) ?? [];
  const last = rowPks.length === 0 ? undefined : model.paperRows.get(rowPks[rowPks.length - 1]!);
  const lastrow = last ? paperRowView(services, box, last, now) : null;
  const quantity = sheetsIn(box.weightMg, box.boxWeightMg, box.unitWeightMg);
  let state: PaperStateName;
  if (!lastrow) state = 'nodata';
  else if (box.outRowPk !== null) state = lastrow.today ? 'borrowed' : 'overdue';
  else if (box.problem) state = 'problem';
  else if (quantity < PAPER_LOW_SHEETS) state = 'low';
  else state = 'returned';
  const item = services.projections.models.stock.items.get(box.stockPk);
  return {
    pk: box.pk,
    barcode: box.barcode,
    stock: {
      pk: box.stockPk,
      name: item?.config.name ?? '',
      price: item?.config.priceCents == null ? null : item.config.priceCents / 100,
      unit: item?.config.unit ?? '張',
    },
    enabled: box.enabled,
    boxweight: grams(box.boxWeightMg),
    unitweight: grams(box.unitWeightMg),
    quantity,
    state,
    editable: box.outRowPk === null,
    lastrow,
  };
}

export const paperBoxesOf = (services: PortalServices) => [...modelOf(services).paper.boxes.values()];

/** Books and equipment past their due time, for the daily reminder mail (core/src/mail). */
export function overdueLoanMails(services: PortalServices, now: Date): OverdueLoan[] {
  const books = overdueBookLoans(services, now).map((loan) => ({
    loanId: bookLoanPk(loan.loanPk),
    userPk: loan.userPk,
    kind: 'book' as const,
    title: modelOf(services).library.books.get(loan.bookPk)?.title ?? '',
    dueAt: loan.dueAt,
  }));
  const equipment = loansOut(services)
    .filter((loan) => Date.parse(loan.expReturnAt) < now.getTime())
    .map((loan) => ({
      loanId: `EQLog-${loan.loanPk}`,
      userPk: loan.userPk,
      kind: 'equipment' as const,
      title: modelOf(services).equipment.properties.get(loan.propertyPk)?.name ?? '',
      dueAt: loan.expReturnAt,
    }));
  return [...books, ...equipment];
}

/** What user/check shows of a user's loans, and until when it stays true (the next due or day boundary). */
export interface UserLoans {
  books: ReturnType<typeof bookBorrowList>;
  equipment: ReturnType<typeof propertyBorrowList>;
  validUntilMs: number;
}

export function userLoans(services: PortalServices, userPk: number, now: Date): UserLoans {
  const { library } = modelOf(services);
  const nowMs = now.getTime();
  let validUntilMs = Number.POSITIVE_INFINITY;
  for (const loanPk of library.outByUser.get(userPk) ?? []) {
    const due = Date.parse(library.loans.get(loanPk)?.dueAt ?? '');
    // Overdue days count each started day past the due time: the view changes at each such boundary.
    const next = nowMs < due ? due : due + Math.ceil((nowMs - due + 1) / 86_400_000) * 86_400_000;
    validUntilMs = Math.min(validUntilMs, next + 1);
  }
  const equipment = propertyBorrowList(services, userPk, now);
  for (const loan of equipment) {
    const due = Date.parse(loan.expreturntime);
    if (due >= nowMs) validUntilMs = Math.min(validUntilMs, due + 1);
  }
  return { books: bookBorrowList(services, userPk, now), equipment, validUntilMs };
}
