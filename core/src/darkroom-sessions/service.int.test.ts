// The darkroom session service on a real SQLite store: two "API processes" check out the same session at
// once (the member's phone and the counter), a crash after the check-out is finished by settle, and money
// sums to zero: what members paid is exactly what the darkroom fees account received.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Chemicals } from '../chemicals/service.ts';
import { chemicalDecider } from '../chemicals/decider.ts';
import { chemicalStream } from '../chemicals/events.ts';
import { loadState, StateCache } from '../commands.ts';
import { type EventStore, WrongExpectedRevisionError } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { CLUB_ACCOUNTS } from '../ledger/accounts.ts';
import { Ledger } from '../ledger/service.ts';
import { BW_ROLL_CENTS, SEMESTER_ALLOWANCE } from './fees.ts';
import { DarkroomSessions } from './service.ts';

const file = join(mkdtempSync(join(tmpdir(), 'darkroom-')), 'events.sqlite3');
const connections: EventStore[] = [];
const now = new Date('2026-11-23T08:00:00Z');
const context = (id: string) => ({ now, actor: '7', correlationId: id });

let conflicts = 0;

/** A connection whose appends count the expected-revision conflicts they meet. */
function connection(): EventStore {
  const store = openSqliteEventStore({ file, synchronous: 'OFF' });
  connections.push(store);
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'append' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) conflicts += 1;
          throw error;
        }
      };
    },
  });
}

function apiProcess(afterStep?: () => void) {
  const store = connection();
  const cache = new StateCache();
  const ledger = new Ledger(store, { cache });
  const chemicals = new Chemicals(store, cache);
  return {
    store,
    ledger,
    chemicals,
    sessions: new DarkroomSessions(store, ledger, chemicals, { cache, afterStep }),
  };
}

afterAll(async () => {
  for (const store of connections) await store.close();
});

describe('DarkroomSessions.checkOut', () => {
  it('from two processes at once charges the session once and uses the allowance once', async () => {
    const [a, b] = [apiProcess(), apiProcess()];
    let expectedIncome = 0;
    let nextUser = 1_000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 5 }),
        async (rolls) => {
          nextUser += 1;
          const userPk = nextUser;
          let used = 0;
          let charged = 0;
          for (const [index, quantity] of rolls.entries()) {
            const sessionId = `race-${userPk}-${index}`;
            expect(
              (
                await a.sessions.handle(
                  userPk,
                  { type: 'CheckIn', sessionId, userPk, semester: '115-1', byPk: userPk },
                  context(sessionId),
                )
              ).ok,
            ).toBe(true);
            await b.sessions.handle(
              userPk,
              { type: 'AddLine', sessionId, line: { lineId: 'l1', kind: 0, format: '135', quantity } },
              context(sessionId),
            );
            const [one, two] = await Promise.all([
              a.sessions.checkOut(userPk, sessionId, userPk, context(`${sessionId}-a`)),
              b.sessions.checkOut(userPk, sessionId, userPk + 1, context(`${sessionId}-b`)),
            ]);
            expect(one.ok && two.ok && one.charge).toEqual(two.ok && two.charge);
            const covered = Math.min(quantity, SEMESTER_ALLOWANCE.bwRolls - used);
            used += covered;
            charged += (quantity - covered) * BW_ROLL_CENTS;
          }
          expect(await a.ledger.balanceOf(userPk)).toBe(0 - charged);
          expectedIncome += charged;
          expect(await b.ledger.balanceOf(CLUB_ACCOUNTS.darkroomIncome.id)).toBe(expectedIncome);
        },
      ),
      { numRuns: 15 },
    );
    // The race must have happened: some check-outs met the other's append and decided again.
    console.log(`darkroom check-out race: ${conflicts} expected-revision conflicts`);
    expect(conflicts).toBeGreaterThan(0);
  });

  it('after a crash between the check-out and its posting, settle posts the charge and the chemicals once', async () => {
    const crashing = apiProcess(() => {
      throw new Error('crash');
    });
    const restarted = apiProcess();
    await restarted.chemicals.handle(
      {
        type: 'DefineChemical',
        chemical: { pk: 1, name: 'D-76', bottle2ml: 3800, needRecycle: false, replenishBelowMl: 0 },
        initialMl: 3800,
        userPk: null,
      },
      context('define'),
    );
    const userPk = 77;
    const sessionId = 'crash-1';
    const before = await restarted.ledger.balanceOf(CLUB_ACCOUNTS.darkroomIncome.id);
    await crashing.sessions.handle(
      userPk,
      { type: 'CheckIn', sessionId, userPk, semester: '115-1', byPk: userPk },
      context('c'),
    );
    await crashing.sessions.handle(
      userPk,
      { type: 'AddLine', sessionId, line: { lineId: 'l', kind: 2, format: '120', quantity: 2 } },
      context('c'),
    );
    await crashing.sessions.handle(
      userPk,
      { type: 'UseChemical', sessionId, use: { useId: 'u', chemicalPk: 1, volumeMl: 300 } },
      context('c'),
    );
    await expect(crashing.sessions.checkOut(userPk, sessionId, userPk, context('c'))).rejects.toThrow(
      'crash',
    );
    expect(await restarted.ledger.balanceOf(userPk)).toBe(0);
    await restarted.sessions.settle(userPk, sessionId, context('restart'));
    await restarted.sessions.settle(userPk, sessionId, context('restart-again'));
    expect(await restarted.ledger.balanceOf(userPk)).toBe(-10_000);
    expect(await restarted.ledger.balanceOf(CLUB_ACCOUNTS.darkroomIncome.id)).toBe(before + 10_000);
    const chemical = (await loadState(restarted.store, chemicalStream(1), chemicalDecider)).state;
    expect(chemical.status === 'defined' && chemical.volumeMl).toBe(3500);
  });
});
