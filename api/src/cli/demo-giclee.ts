// Demo giclee jobs (docs/giclee.md): what the printer-poll would have recorded over the past week from the
// simulated P6000 (job numbers below the simulator's, so `npm start`'s simulated printer adds to them):
// 林小美's prints on the A01 and A02 papers, all unpaid (two for days: gicleePrintingDue), a test print the
// head marked no-need-to-pay, a canceled print, and one on plain paper whose paper staff must set. None is
// paid in the demo: her balance and transaction log stay as the summary and its tests say (the head pays
// one on the page).
import { INK_COLOURS } from '@club/core/giclee/report';
import type { PrinterJob } from '@club/core/giclee/report';
import type { PortalServices } from '../services.ts';
import { gicleePapers } from '../giclee/view.ts';
import { cliContext } from './services.ts';

const DAY_MS = 24 * 3600 * 1000;

export async function loadDemoGiclee(
  services: PortalServices,
  people: { head: number; member: number },
): Promise<void> {
  await services.projections.waitFor(await services.store.headPosition());
  const now = services.now();
  const owner = `U${String(people.member).padStart(5, '0')}`;
  const ink = (scale: number) =>
    Object.fromEntries(
      INK_COLOURS.map((colour, index) => [colour, Math.round(scale * (1 + index / 10) * 1000) / 1000]),
    );
  const job = (
    jobId: number,
    daysAgo: number,
    name: string,
    widthMm: number,
    heightMm: number,
    media: string,
    status = 'Completed',
  ): PrinterJob => ({
    jobId,
    name,
    startedAt: new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
    widthMm,
    heightMm,
    media,
    status,
    ink: ink((widthMm * heightMm) / 1_000_000),
  });
  const jobs = [
    job(501, 6, `${owner}_harbour_A01.tif`, 329, 483, 'Premium Glossy Photo Paper (250)'),
    job(502, 5, `${owner}_portrait_A02.tif`, 432, 610, 'Fine Art Paper (Photo Rag 308)'),
    job(503, 3, 'nozzle_check_A01.tif', 210, 297, 'Premium Glossy Photo Paper (250)'),
    job(504, 2, `${owner}_forest_B01.tif`, 610, 900, 'Baryta (Canson Photographique)', 'Canceled'),
    job(505, 1, `${owner}_street.tif`, 297, 420, 'Plain Paper'),
    job(506, 0.1, `${owner}_exhibition_A01.tif`, 432, 600, 'Premium Glossy Photo Paper (250)'),
  ];
  // Recorded once: a second run (another day) would otherwise move the jobs' start times.
  const recorded = services.projections.models.giclee.jobs.has(501);
  const levels = Object.fromEntries(INK_COLOURS.map((colour, index) => [colour, 35 + index * 7]));
  if (!recorded)
    await services.giclee.recordReport(
      { jobs, inkLevels: levels, at: now.toISOString() },
      gicleePapers(services),
      cliContext(services, 'demo-giclee'),
    );
  const head = { ...cliContext(services, 'demo-giclee'), actor: String(people.head) };
  const marked = await services.giclee.edit(
    503,
    { type: 'SetNoNeedToPay', noNeedToPay: true, reason: '噴頭檢查', byPk: people.head },
    head,
  );
  if (!marked.ok) throw new Error(`demo giclee no-need-to-pay refused: ${marked.reason}`);
  await services.projections.waitFor(await services.store.headPosition());

  await services.projections.waitFor(await services.store.headPosition());
}
