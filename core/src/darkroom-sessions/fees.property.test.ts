// Property tests of the darkroom fees (issue 16 §4): a session's charge never depends on the order of its
// lines; across a semester's sessions (with retried and racing check-outs) the member fee's allowance is
// used at most once, so the semester's total equals the fee of everything used minus one allowance.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { type DarkroomCommand, darkroomDecider, type DarkroomMemberState } from './decider.ts';
import type { DarkroomSessionEvent, SessionLine } from './events.ts';
import {
  BW_PRINT_SESSION_CENTS,
  BW_ROLL_CENTS,
  COLOUR_ROLL_CENTS,
  FILM_FORMATS,
  PRINT_FORMATS,
  rollsOf,
  SEMESTER_ALLOWANCE,
  sessionCharge,
} from './fees.ts';

const lineArb = fc
  .record({ kind: fc.integer({ min: 0, max: 3 }), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 12 }) })
  .map(({ kind, pick, quantity }) => {
    const formats = kind === 0 || kind === 2 ? FILM_FORMATS : PRINT_FORMATS;
    return { kind, format: formats[pick % formats.length]!, quantity };
  });
const allowanceArb = fc.record({
  bwRolls: fc.integer({ min: 0, max: SEMESTER_ALLOWANCE.bwRolls }),
  bwPrintSessions: fc.integer({ min: 0, max: SEMESTER_ALLOWANCE.bwPrintSessions }),
});

describe('sessionCharge', () => {
  it("never depends on the order of the session's lines", () => {
    fc.assert(
      fc.property(
        fc
          .array(lineArb, { maxLength: 12 })
          .chain((lines) =>
            fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length })),
          ),
        allowanceArb,
        ([lines, shuffled], left) => {
          expect(sessionCharge(shuffled, left)).toEqual(sessionCharge(lines, left));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('covers at most the allowance left, and charges every unit it does not cover', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), allowanceArb, (lines, left) => {
        const charge = sessionCharge(lines, left);
        expect(charge.allowanceUsed.bwRolls).toBeLessThanOrEqual(left.bwRolls);
        expect(charge.allowanceUsed.bwPrintSessions).toBeLessThanOrEqual(left.bwPrintSessions);
        const bw = rollsOf(lines, 0);
        const printing = lines.some((line) => line.kind === 1) ? 1 : 0;
        expect(charge.totalCents).toBe(
          (bw - charge.allowanceUsed.bwRolls) * BW_ROLL_CENTS +
            (printing - charge.allowanceUsed.bwPrintSessions) * BW_PRINT_SESSION_CENTS +
            rollsOf(lines, 2) * COLOUR_ROLL_CENTS,
        );
        expect(charge.totalCents).toBe(charge.items.reduce((sum, item) => sum + item.amountCents, 0));
      }),
      { numRuns: 2000 },
    );
  });
});

const semester = '115-1';
const now = new Date('2026-11-23T08:00:00Z');

/** Runs commands against the decider the way the store would: a retry decides again on the newer state. */
function run(commands: readonly DarkroomCommand[]): {
  state: DarkroomMemberState;
  events: DarkroomSessionEvent[];
} {
  const events: DarkroomSessionEvent[] = [];
  let state = fold(darkroomDecider, []);
  for (const command of commands) {
    const decision = darkroomDecider.decide(command, state, now);
    if (!Array.isArray(decision)) continue;
    for (const event of decision) {
      events.push(event);
      state = darkroomDecider.evolve(state, event);
    }
  }
  return { state, events };
}

describe('a semester of darkroom sessions', () => {
  it('uses the allowance once, whatever the retried check-ins, lines and check-outs', () => {
    const sessionArb = fc.record({
      lines: fc.array(lineArb, { maxLength: 6 }),
      // How many times the check-out is sent (retries, a second counter racing the member's phone).
      checkouts: fc.integer({ min: 1, max: 3 }),
      // A check-in sent again after the check-out (a retried request that arrives late).
      lateCheckIn: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(sessionArb, { minLength: 1, maxLength: 10 }), (sessions) => {
        const commands: DarkroomCommand[] = [];
        sessions.forEach((session, index) => {
          const sessionId = `s${index}`;
          const checkIn: DarkroomCommand = { type: 'CheckIn', sessionId, userPk: 7, semester, byPk: 7 };
          commands.push(checkIn);
          session.lines.forEach((line, lineIndex) => {
            const add: DarkroomCommand = {
              type: 'AddLine',
              sessionId,
              line: { lineId: `l${lineIndex}`, ...line } as SessionLine,
            };
            commands.push(add, add);
          });
          for (let i = 0; i < session.checkouts; i++) commands.push({ type: 'CheckOut', sessionId, byPk: 7 });
          if (session.lateCheckIn) commands.push(checkIn);
        });
        const { state, events } = run(commands);
        const checkOuts = events.filter((event) => event.type === 'DarkroomCheckedOut');
        expect(checkOuts).toHaveLength(sessions.length);
        expect(state.status).toBe('out');
        const bwRolls = sessions.reduce((sum, session) => sum + rollsOf(session.lines, 0), 0);
        const printing = sessions.filter((session) => session.lines.some((line) => line.kind === 1)).length;
        const colourRolls = sessions.reduce((sum, session) => sum + rollsOf(session.lines, 2), 0);
        const coveredRolls = Math.min(bwRolls, SEMESTER_ALLOWANCE.bwRolls);
        const coveredSessions = Math.min(printing, SEMESTER_ALLOWANCE.bwPrintSessions);
        const total = checkOuts.reduce((sum, event) => sum + event.data.charge.totalCents, 0);
        expect(total).toBe(
          (bwRolls - coveredRolls) * BW_ROLL_CENTS +
            (printing - coveredSessions) * BW_PRINT_SESSION_CENTS +
            colourRolls * COLOUR_ROLL_CENTS,
        );
        expect(state.used.get(semester) ?? { bwRolls: 0, bwPrintSessions: 0 }).toEqual({
          bwRolls: coveredRolls,
          bwPrintSessions: coveredSessions,
        });
      }),
      { numRuns: 1000 },
    );
  });
});
