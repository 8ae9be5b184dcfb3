// The portal starts although a transfer's follow-up keeps failing at start: the failure is logged with the
// transfer, listed by services.ledgerProcessManager.stuck() (for the system status), and retried in the
// background; the other half-done transfers are finished and the API answers.
import { type EventStore, EventStoreUnavailableError } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { accountStream, userAccount } from '@club/core/ledger/accounts';
import { Ledger } from '@club/core/ledger/service';
import { describe, expect, it, vi } from 'vitest';
import { createTestPortal } from './testing.ts';

const now = new Date('2026-11-22T04:00:00.000Z');

describe('start-up with a follow-up that keeps failing', () => {
  it('starts, serves, finishes the others and lists the stuck one', async () => {
    const sqlite = openSqliteEventStore({ file: ':memory:' });
    const broken = accountStream(userAccount(103));
    const store: EventStore = {
      ...sqlite,
      append: async (stream, events, expected) => {
        if (stream === broken) throw new EventStoreUnavailableError(`${stream} is unavailable`);
        return sqlite.append(stream, events, expected);
      },
    };
    // A previous process stopped after two debits, before their credits.
    const crashing = new Ledger(sqlite, {
      afterStep: (step) => {
        if (step === 'debited') throw new Error('the previous process died here');
      },
    });
    await new Ledger(sqlite).addValue({
      now,
      actorPk: 7,
      transferId: 'fund',
      staffPk: 7,
      userPk: 101,
      amountCents: 50_000,
    });
    for (const [transferId, to] of [
      ['t1', 102],
      ['t2', 103],
    ] as const) {
      await expect(
        crashing.transfer({
          now,
          actorPk: 101,
          transferId,
          from: 101,
          to,
          amountCents: 10_000,
          summary: 'film rolls',
          allowDebt: false,
        }),
      ).rejects.toThrow('the previous process died here');
    }

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const portal = await createTestPortal({ now, store });
    try {
      expect((await portal.client().get('/api/health')).statusCode).toBe(200);
      const { ledgerProcessManager } = portal.app.services;
      expect(ledgerProcessManager.stuck()).toEqual([
        expect.objectContaining({ type: 'CreditTransfer', subject: '101/transfer:t2', attempts: 1 }),
      ]);
      expect(String(logged.mock.calls[0]?.[0])).toContain(
        'CreditTransfer of 101/transfer:t2 failed (attempt 1)',
      );
      expect(await new Ledger(sqlite).balanceOf(102)).toBe(10_000);
      expect(await new Ledger(sqlite).balanceOf(103)).toBe(0);
    } finally {
      logged.mockRestore();
      await portal.close();
    }
  });
});
