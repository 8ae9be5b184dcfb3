import { describe, expect, it } from 'vitest';
import { GicleeDriver } from './driver.ts';
import { PrinterSimulator } from './simulator.ts';

const poll = (requestId: string) => ({ device: 'giclee' as const, action: 'poll' as const, requestId });

describe('the simulated P6000 and the giclee driver', () => {
  it('prints a job (Printing, then Completed with its ink used) and drains the cartridges', async () => {
    let now = new Date('2026-11-23T02:00:00Z');
    const printer = new PrinterSimulator({
      jobEveryMs: 0,
      printMs: 1000,
      now: () => now,
      firstJobId: 500,
      random: () => 0.5,
    });
    const before = await printer.readInkLevels();
    const job = printer.addJob({ name: 'U00102_x_A01.tif', widthMm: 610, heightMm: 1000 });
    expect(job).toMatchObject({ jobId: 500, status: 'Printing' });
    now = new Date(now.getTime() + 1500);
    const [done] = await printer.readJobLog();
    expect(done).toMatchObject({ jobId: 500, status: 'Completed', media: expect.any(String) });
    expect(done!.ink.PK).toBeGreaterThan(0);
    expect((await printer.readInkLevels()).PK).toBeLessThan(before.PK!);
  });

  it('answers a poll once per request id, with the log and the levels as JSON', async () => {
    const printer = new PrinterSimulator({ jobEveryMs: 0, initialJobs: 2 });
    const driver = new GicleeDriver(printer);
    const first = await driver.execute(poll('p1'));
    const report = JSON.parse(String(first.detail!.report));
    expect(report.jobs).toHaveLength(2);
    expect(Object.keys(report.inkLevels)).toContain('VLM');
    printer.addJob();
    expect(await driver.execute(poll('p1'))).toEqual(first);
    expect(JSON.parse(String((await driver.execute(poll('p2'))).detail!.report)).jobs).toHaveLength(3);
  });

  it('throws DeviceOfflineError while the printer is off, so the poll fails', async () => {
    const printer = new PrinterSimulator({ jobEveryMs: 0, offline: true });
    await expect(new GicleeDriver(printer).execute(poll('p1'))).rejects.toThrow('giclee is offline');
    printer.offline = false;
    await expect(new GicleeDriver(printer).execute(poll('p2'))).resolves.toMatchObject({ action: 'poll' });
  });
});
