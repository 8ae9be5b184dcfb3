// Read model of darkroom sessions (document 3: AdminDarkroomLog; issue 16 §4; docs/darkroom-sessions.md):
// every session in check-in order with its lines, chemicals used and charge (null while ongoing), each
// member's open session, the allowance each member used per semester, and which check-outs' postings are in
// the log (so the start-up pass that finishes interrupted check-outs needs no ledger model).
import {
  DARKROOM_SESSION_EVENT_TYPES,
  type DarkroomSessionEvent,
  type SessionCharge,
  type SessionChemicalUse,
  type SessionLine,
} from '@club/core/darkroom-sessions/events';
import type { Allowance } from '@club/core/darkroom-sessions/fees';
import { sessionTransferKey } from '@club/core/darkroom-sessions/service';
import type { TransferDebited } from '@club/core/ledger/events';
import type { Projection } from './runner.ts';

export interface DarkroomSessionRow {
  /** The global position of the check-in (the spec's pk). */
  pk: number;
  sessionId: string;
  userPk: number;
  semester: string;
  starttime: string;
  /** Null while the session is ongoing. */
  endtime: string | null;
  checkedInBy: number;
  lines: SessionLine[];
  uses: SessionChemicalUse[];
  charge: SessionCharge | null;
}

export interface DarkroomSessionsModel {
  sessions: DarkroomSessionRow[];
  byId: Map<string, DarkroomSessionRow>;
  /** Each member's ongoing session. */
  openByUser: Map<number, DarkroomSessionRow>;
  /** Allowance used, by `{userPk}/{semester}`. */
  used: Map<string, Allowance>;
  /** Sessions whose check-out posting (the member's debit, `sessionTransferKey`) is in the log. */
  posted: Set<string>;
}

/** The session id in a darkroom posting's transfer key (`{account}/posting:darkroom:{sessionId}`). */
const POSTING_MARK = '/posting:darkroom:';

export const allowanceKey = (userPk: number, semester: string): string => `${userPk}/${semester}`;

export const darkroomSessionsProjection: Projection<DarkroomSessionsModel> = {
  handles: new Set([...DARKROOM_SESSION_EVENT_TYPES, 'TransferDebited']),
  initial: () => ({
    sessions: [],
    byId: new Map(),
    openByUser: new Map(),
    used: new Map(),
    posted: new Set(),
  }),
  evolve(model, recorded) {
    if (recorded.type === 'TransferDebited') {
      const { transferKey } = recorded.data as TransferDebited['data'];
      const mark = transferKey.indexOf(POSTING_MARK);
      if (mark < 0) return model;
      const row = model.byId.get(transferKey.slice(mark + POSTING_MARK.length));
      if (row && transferKey === sessionTransferKey(row.userPk, row.sessionId))
        model.posted.add(row.sessionId);
      return model;
    }
    const event = { type: recorded.type, data: recorded.data } as DarkroomSessionEvent;
    if (event.type === 'DarkroomCheckedIn') {
      if (model.byId.has(event.data.sessionId)) return model;
      const row: DarkroomSessionRow = {
        pk: recorded.position,
        sessionId: event.data.sessionId,
        userPk: event.data.userPk,
        semester: event.data.semester,
        starttime: event.data.startedAt,
        endtime: null,
        checkedInBy: event.data.byPk,
        lines: [],
        uses: [],
        charge: null,
      };
      model.sessions.push(row);
      model.byId.set(row.sessionId, row);
      model.openByUser.set(row.userPk, row);
      return model;
    }
    const row = model.byId.get(event.data.sessionId);
    if (!row) return model;
    switch (event.type) {
      case 'DarkroomLineAdded': {
        const { sessionId: _session, ...line } = event.data;
        row.lines.push(line);
        return model;
      }
      case 'DarkroomLineRemoved':
        row.lines = row.lines.filter((line) => line.lineId !== event.data.lineId);
        return model;
      case 'DarkroomChemicalUsed': {
        const { sessionId: _session, ...use } = event.data;
        row.uses.push(use);
        return model;
      }
      case 'DarkroomCheckedOut': {
        row.endtime = event.data.endedAt;
        row.charge = event.data.charge;
        if (model.openByUser.get(row.userPk) === row) model.openByUser.delete(row.userPk);
        const key = allowanceKey(row.userPk, row.semester);
        const before = model.used.get(key) ?? { bwRolls: 0, bwPrintSessions: 0 };
        model.used.set(key, {
          bwRolls: before.bwRolls + event.data.charge.allowanceUsed.bwRolls,
          bwPrintSessions: before.bwPrintSessions + event.data.charge.allowanceUsed.bwPrintSessions,
        });
        return model;
      }
      default:
        return model;
    }
  },
};

/**
 * The spec's values of a log row: kind (4 booleans by process kind) and result (per kind, the count of
 * each quantity key).
 */
export function sessionValues(row: Pick<DarkroomSessionRow, 'lines'>): {
  kind: boolean[];
  result: Record<string, number>[];
} {
  const result: Record<string, number>[] = [{}, {}, {}, {}];
  for (const line of row.lines) {
    const counts = result[line.kind]!;
    counts[line.format] = (counts[line.format] ?? 0) + line.quantity;
  }
  return { kind: result.map((counts) => Object.keys(counts).length > 0), result };
}
