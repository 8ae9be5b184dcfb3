import { describe, expect, it } from 'vitest';
import { BookingDriver } from './driver.ts';
import { BookingSiteSimulator } from './simulator.ts';

const command = (requestId: string, choicelist: string[]) => ({
  device: 'actplace' as const,
  action: 'book' as const,
  requestId,
  date: '2026-11-30',
  timeslot: 'evening',
  name: '講座',
  ntup: 20,
  choicelist,
});

describe('the booking driver on the simulated site', () => {
  it('tries the choices in order, skipping taken and closed rooms, and books the first free one', async () => {
    const site = new BookingSiteSimulator({ taken: ['sac-101'], delayMs: 0 });
    const driver = new BookingDriver(site, { account: 'club', password: 'pw' });
    const outcome = await driver.execute(command('r1', ['sac-101', 'lib-b1', 'sac-102']));
    expect(outcome.detail).toMatchObject({ outcome: 'booked', room: 'sac-102' });
    expect(JSON.parse(String(outcome.detail!.tried))).toEqual([
      { room: 'sac-101', answer: 'taken' },
      { room: 'lib-b1', answer: 'closed' },
      { room: 'sac-102', answer: 'booked' },
    ]);
    expect(site.logins).toBe(1);
  });

  it('books once per request id, and first come first served across requests', async () => {
    const site = new BookingSiteSimulator({ delayMs: 0 });
    const driver = new BookingDriver(site, { account: 'club', password: 'pw' });
    const first = await driver.execute(command('r1', ['sac-201']));
    expect(await driver.execute(command('r1', ['sac-201']))).toEqual(first);
    const second = await driver.execute(command('r2', ['sac-201']));
    expect(second.detail).toMatchObject({ outcome: 'alltaken', room: null });
    expect(site.bookings.size).toBe(1);
  });

  it('throws DeviceOfflineError while the site is unreachable, so the job is retried', async () => {
    const site = new BookingSiteSimulator({ offline: true, delayMs: 0 });
    const driver = new BookingDriver(site, { account: 'club', password: 'pw' });
    await expect(driver.execute(command('r1', ['sac-201']))).rejects.toThrow('actplace is offline');
  });
});
