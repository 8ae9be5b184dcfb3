// Two "API processes" (each its own connection to one SQLite file, its own state cache and stream locks)
// print the same person's user labels at the same moment: the day stream's expected revision makes one
// of them decide again, so the day's free sheets are never given out twice and the charge is exact.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateCache } from '../commands.ts';
import { type EventStore, WrongExpectedRevisionError } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { CLUB_ACCOUNTS } from '../ledger/accounts.ts';
import { Ledger } from '../ledger/service.ts';
import { Labels, type LabelPrinterPort } from './service.ts';

const file = join(mkdtempSync(join(tmpdir(), 'labels-race-')), 'events.sqlite3');
const connections: EventStore[] = [];
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

const printer: LabelPrinterPort = { isUp: async () => true, enqueue: async () => ({ ok: true }) };
const now = new Date('2026-11-22T04:00:00Z');

function apiProcess() {
  const store = connection();
  const cache = new StateCache();
  const ledger = new Ledger(store, { cache });
  return { ledger, labels: new Labels(store, ledger, 'secret-secret-secret-secret-secret', cache) };
}

afterAll(async () => {
  for (const store of connections) await store.close();
});

describe('Labels.print from two processes at once', () => {
  it("charges exactly the sheets beyond the day's 10, whoever wins", async () => {
    const [a, b] = [apiProcess(), apiProcess()];
    const rounds = 30;
    for (let round = 0; round < rounds; round++) {
      const userPk = 1_000 + round;
      const topUp = await a.ledger.addValue({
        now,
        actorPk: null,
        transferId: `race-topup-${userPk}`,
        staffPk: 7,
        userPk,
        amountCents: 10_000,
      });
      expect(topUp.ok).toBe(true);
      const content = {
        title: 'race',
        subtitle: 'U01000',
        lines: [],
        barcode: 'U01000',
        logo: 'none' as const,
        landscape: false,
        simple: true,
        rounded: false,
      };
      const image = await a.labels.draw(content, { kind: 'user', target: 'U01000', userPk });
      const print = (side: ReturnType<typeof apiProcess>, requestId: string) =>
        side.labels.print(
          {
            userPk,
            dataUri: image,
            quantity: 6,
            location: 'ntup',
            simple: false,
            requestId,
            allowDebt: false,
          },
          printer,
          { now, actor: String(userPk), correlationId: requestId },
        );
      const results = await Promise.all([print(a, `a-${round}`), print(b, `b-${round}`)]);
      expect(results.map((result) => result.ok)).toEqual([true, true]);
      const charges = results.map((result) => (result.ok ? result.chargeCents : -1)).sort((x, y) => x - y);
      // 6 + 6 sheets: the second print decided has 2 beyond the free 10.
      expect(charges).toEqual([0, 100]);
      expect(await b.ledger.balanceOf(userPk)).toBe(10_000 - 100);
    }
    expect(await a.ledger.balanceOf(CLUB_ACCOUNTS.labelIncome.id)).toBe(rounds * 100);
    console.info(`[labels race] ${conflicts} expected-revision conflicts in ${rounds} rounds`);
    expect(conflicts).toBeGreaterThan(0);
  });
});
