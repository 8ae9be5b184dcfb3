// The darkroom member decider: check in (one session at a time), enter lines and chemicals used, check
// out with the charge. The check-out decides the charge against the allowance the member's earlier
// sessions of the semester used, so concurrent or retried check-outs serialise on this stream's revision
// and the allowance is never given twice.
import { assertNever, type Decider, reject } from '../decider.ts';
import type { DarkroomSessionEvent, SessionChemicalUse, SessionCharge, SessionLine } from './events.ts';
import { type Allowance, allowanceLeft, formatFits, sessionCharge } from './fees.ts';

export interface OpenSession {
  sessionId: string;
  userPk: number;
  semester: string;
  startedAt: string;
  lines: Map<string, SessionLine>;
  uses: Map<string, SessionChemicalUse>;
}

export interface ClosedSession {
  semester: string;
  charge: SessionCharge;
  /** Chemicals used, recorded on the chemicals' streams after the check-out. */
  uses: SessionChemicalUse[];
}

interface History {
  closed: Map<string, ClosedSession>;
  /** Allowance used per semester tag. */
  used: Map<string, Allowance>;
}

export type DarkroomMemberState =
  | ({ status: 'out' } & History)
  | ({ status: 'in'; session: OpenSession } & History);

export type DarkroomCommand =
  | { type: 'CheckIn'; sessionId: string; userPk: number; semester: string; byPk: number }
  | { type: 'AddLine'; sessionId: string; line: SessionLine }
  | { type: 'RemoveLine'; sessionId: string; lineId: string }
  | { type: 'UseChemical'; sessionId: string; use: SessionChemicalUse }
  | { type: 'CheckOut'; sessionId: string; byPk: number };

/**
 * 'already_in' (another session is open), 'not_in' (no such open session), 'format' (a format that does
 * not belong to the process kind), 'mismatch' (a line or use id sent again with other content).
 */
export type DarkroomRejection = 'already_in' | 'not_in' | 'format' | 'mismatch';

const noUse: Allowance = { bwRolls: 0, bwPrintSessions: 0 };

/** The allowance the member has used in a semester. */
export const usedIn = (state: DarkroomMemberState, semester: string): Allowance =>
  state.used.get(semester) ?? noUse;

const sameLine = (a: SessionLine, b: SessionLine) =>
  a.kind === b.kind && a.format === b.format && a.quantity === b.quantity;

export const darkroomDecider: Decider<
  DarkroomCommand,
  DarkroomSessionEvent,
  DarkroomMemberState,
  DarkroomRejection
> = {
  initialState: () => ({ status: 'out', closed: new Map(), used: new Map() }),
  decide(command, state, now) {
    if (command.type === 'CheckIn') {
      if (state.closed.has(command.sessionId)) return [];
      if (state.status === 'in')
        return state.session.sessionId === command.sessionId ? [] : reject('already_in');
      return [
        {
          type: 'DarkroomCheckedIn',
          data: {
            sessionId: command.sessionId,
            userPk: command.userPk,
            semester: command.semester,
            startedAt: now.toISOString(),
            byPk: command.byPk,
          },
        },
      ];
    }
    if (command.type === 'CheckOut' && state.closed.has(command.sessionId)) return [];
    if (state.status !== 'in' || state.session.sessionId !== command.sessionId) return reject('not_in');
    const session = state.session;
    switch (command.type) {
      case 'AddLine': {
        const { line } = command;
        if (!formatFits(line.kind, line.format)) return reject('format');
        const existing = session.lines.get(line.lineId);
        if (existing) return sameLine(existing, line) ? [] : reject('mismatch');
        return [{ type: 'DarkroomLineAdded', data: { sessionId: session.sessionId, ...line } }];
      }
      case 'RemoveLine':
        return session.lines.has(command.lineId)
          ? [{ type: 'DarkroomLineRemoved', data: { sessionId: session.sessionId, lineId: command.lineId } }]
          : [];
      case 'UseChemical': {
        const existing = session.uses.get(command.use.useId);
        if (existing)
          return existing.chemicalPk === command.use.chemicalPk && existing.volumeMl === command.use.volumeMl
            ? []
            : reject('mismatch');
        return [{ type: 'DarkroomChemicalUsed', data: { sessionId: session.sessionId, ...command.use } }];
      }
      case 'CheckOut':
        return [
          {
            type: 'DarkroomCheckedOut',
            data: {
              sessionId: session.sessionId,
              userPk: session.userPk,
              semester: session.semester,
              endedAt: now.toISOString(),
              byPk: command.byPk,
              charge: sessionCharge(
                [...session.lines.values()],
                allowanceLeft(usedIn(state, session.semester)),
              ),
            },
          },
        ];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'DarkroomCheckedIn':
        return {
          status: 'in',
          closed: state.closed,
          used: state.used,
          session: {
            sessionId: event.data.sessionId,
            userPk: event.data.userPk,
            semester: event.data.semester,
            startedAt: event.data.startedAt,
            lines: new Map(),
            uses: new Map(),
          },
        };
      case 'DarkroomLineAdded':
      case 'DarkroomLineRemoved':
      case 'DarkroomChemicalUsed': {
        if (state.status !== 'in' || state.session.sessionId !== event.data.sessionId) return state;
        const session = {
          ...state.session,
          lines: new Map(state.session.lines),
          uses: new Map(state.session.uses),
        };
        if (event.type === 'DarkroomLineAdded') {
          const { sessionId: _session, ...line } = event.data;
          session.lines.set(line.lineId, line);
        } else if (event.type === 'DarkroomLineRemoved') session.lines.delete(event.data.lineId);
        else {
          const { sessionId: _session, ...use } = event.data;
          session.uses.set(use.useId, use);
        }
        return { ...state, session };
      }
      case 'DarkroomCheckedOut': {
        const closed = new Map(state.closed);
        const uses =
          state.status === 'in' && state.session.sessionId === event.data.sessionId
            ? [...state.session.uses.values()]
            : [];
        closed.set(event.data.sessionId, { semester: event.data.semester, charge: event.data.charge, uses });
        const used = new Map(state.used);
        const before = used.get(event.data.semester) ?? noUse;
        const now = event.data.charge.allowanceUsed;
        used.set(event.data.semester, {
          bwRolls: before.bwRolls + now.bwRolls,
          bwPrintSessions: before.bwPrintSessions + now.bwPrintSessions,
        });
        return { status: 'out', closed, used };
      }
      default:
        return state;
    }
  },
};
