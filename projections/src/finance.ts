// The finance read model (AdminFinanceStat, docs/finance.md): per semester, each account's totals and
// number of journal lines, the stock accounts' sales and purchases per stock item, and where the
// semester's journal lies in the log; and the position and time of the last money event, so every figure
// on the page can say the moment it reflects. Lines and totals come from the pure functions of
// core/src/finance/books.ts, which the ledger property test checks against random sequences.
//
// The journal lines themselves (one per money event, 42% of a club's log) are not kept: the journal export
// reads them from the log between `readAfterPosition` and `lastLinePosition` (api/src/views/finance.ts).
import {
  accountGroupOf,
  addLine,
  type JournalLine,
  journalLineOf,
  type TotalsByAccount,
} from '@club/core/finance/books';
import type { AccountId } from '@club/core/ledger/accounts';
import type { RecordedEvent } from '@club/core/eventstore/port';
import type { Projection } from './runner.ts';

/** A stock item's sales (kind 2) and purchases (kind 1) in a semester, from its stock account's lines. */
export interface StockItemTotals {
  /** The stock account of the item's first line in the semester. */
  account: AccountId;
  salesCents: number;
  purchasesCents: number;
}

export interface FinanceSemester {
  tag: string;
  /**
   * The position of the last money event before the semester's first line (0 at the start of the log):
   * reading the log after it finds every line of the semester.
   */
  readAfterPosition: number;
  /** The position of the semester's last line so far. */
  lastLinePosition: number;
  lineCount: number;
  totals: TotalsByAccount;
  lineCountByAccount: Map<AccountId, number>;
  /** By stock item pk, in the order of the items' first line in the semester. */
  stockItems: Map<number, StockItemTotals>;
}

export interface FinanceModel {
  semesters: Map<string, FinanceSemester>;
  /** The last money event applied: its position and time (0 and null before any). */
  lastPosition: number;
  lastAt: string | null;
}

function addStockLine(items: Map<number, StockItemTotals>, line: JournalLine): void {
  if (line.stockPk === null || accountGroupOf(line.account) !== 'stock') return;
  let item = items.get(line.stockPk);
  if (!item) {
    item = { account: line.account, salesCents: 0, purchasesCents: 0 };
    items.set(line.stockPk, item);
  }
  if (line.stockKind === 2) item.salesCents += line.creditCents - line.debitCents;
  else if (line.stockKind === 1) item.purchasesCents += line.debitCents - line.creditCents;
}

export const financeProjection: Projection<FinanceModel> = {
  handles: new Set(['TransferDebited', 'TransferCredited']),
  initial: () => ({ semesters: new Map(), lastPosition: 0, lastAt: null }),
  evolve(model, event: RecordedEvent) {
    const line = journalLineOf(event);
    if (!line) return model;
    let semester = model.semesters.get(line.semester);
    if (!semester) {
      semester = {
        tag: line.semester,
        readAfterPosition: model.lastPosition,
        lastLinePosition: 0,
        lineCount: 0,
        totals: new Map(),
        lineCountByAccount: new Map(),
        stockItems: new Map(),
      };
      model.semesters.set(line.semester, semester);
    }
    semester.lastLinePosition = line.position;
    semester.lineCount += 1;
    addLine(semester.totals, line);
    semester.lineCountByAccount.set(line.account, (semester.lineCountByAccount.get(line.account) ?? 0) + 1);
    addStockLine(semester.stockItems, line);
    model.lastPosition = event.position;
    model.lastAt = event.metadata.time;
    return model;
  },
};
