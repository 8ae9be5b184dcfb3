// The finance read model (AdminFinanceStat, docs/finance.md): the ledger's journal lines grouped by
// semester, each semester's totals per account, and the position and time of the last money event, so
// every figure on the page can say the moment it reflects. Lines and totals come from the pure functions
// of core/src/finance/books.ts, which the ledger property test checks against random sequences.
import { addLine, type JournalLine, journalLineOf, type TotalsByAccount } from '@club/core/finance/books';
import type { RecordedEvent } from '@club/core/eventstore/port';
import type { Projection } from './runner.ts';

export interface FinanceSemester {
  tag: string;
  /** In log order. */
  lines: JournalLine[];
  totals: TotalsByAccount;
}

export interface FinanceModel {
  semesters: Map<string, FinanceSemester>;
  /** The last money event applied: its position and time (0 and null before any). */
  lastPosition: number;
  lastAt: string | null;
}

export const financeProjection: Projection<FinanceModel> = {
  handles: new Set(['TransferDebited', 'TransferCredited']),
  initial: () => ({ semesters: new Map(), lastPosition: 0, lastAt: null }),
  evolve(model, event: RecordedEvent) {
    const line = journalLineOf(event);
    if (!line) return model;
    let semester = model.semesters.get(line.semester);
    if (!semester) {
      semester = { tag: line.semester, lines: [], totals: new Map() };
      model.semesters.set(line.semester, semester);
    }
    semester.lines.push(line);
    addLine(semester.totals, line);
    model.lastPosition = event.position;
    model.lastAt = event.metadata.time;
    return model;
  },
};
