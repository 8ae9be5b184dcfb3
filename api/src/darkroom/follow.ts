// The darkroom devices' inputs to the API process: sensor readings into the readings table, the dispenser
// host's reports and failed jobs into events, runs left waiting by a restart settled, finished runs whose
// chemical uses a crash left out recorded, and the readings table compacted every hour.
import { SENSOR_READING_QUEUE, sensorReadingSchema } from '@club/devices/sensors/contract';
import { DISPENSER_REPORT_QUEUE, dispenserReportSchema } from '@club/devices/dispenser/contract';
import type { QueueService } from '@club/workers/queues';
import type { PortalServices } from '../services.ts';
import { recordChemicalUses, recordDispenserJob, recordDispenserReport } from './dispense.ts';

const COMPACT_EVERY_MS = 3600_000;

export interface DarkroomFollower {
  stop(): void;
}

export async function followDarkroomDevices(
  services: PortalServices,
  log: { warn: (message: string) => void },
): Promise<DarkroomFollower> {
  const consuming = new WeakSet<QueueService>();
  const attach = () => {
    const queues = services.queues;
    if (!queues || consuming.has(queues)) return;
    consuming.add(queues);
    queues.consume(SENSOR_READING_QUEUE, async (data) => {
      const reading = sensorReadingSchema.parse(data);
      services.sensorReadings.add({
        sensor: reading.sensor,
        at: Date.parse(reading.at),
        temperature: reading.temperature,
        humidity: reading.humidity,
      });
    });
    queues.consume(DISPENSER_REPORT_QUEUE, async (data) => {
      await recordDispenserReport(services, dispenserReportSchema.parse(data));
    });
  };
  attach();
  const attachTimer = setInterval(attach, 1_000);
  attachTimer.unref();
  const compactTimer = setInterval(() => {
    try {
      services.sensorReadings.compact(services.now().getTime());
    } catch (error) {
      log.warn(`sensor readings not compacted: ${(error as Error).message}`);
    }
  }, COMPACT_EVERY_MS);
  compactTimer.unref();

  const link = services.devices;
  if (link) {
    await link.onOutcome(['dispenser'], (job) => {
      if (job.state === 'failed')
        recordDispenserJob(services, job).catch((error: Error) =>
          log.warn(`dispenser outcome not recorded: ${error.message}`),
        );
    });
    const model = services.projections.models.darkroomDevices;
    for (const dispenseId of [...model.pendingDispenses]) {
      try {
        const row = model.dispenseById.get(dispenseId);
        if (row?.run.source === 'web')
          await recordDispenserJob(services, await link.jobState('dispenser', dispenseId));
      } catch {
        // Redis is away: the run stays waiting until the next start.
      }
    }
  }
  for (const row of services.projections.models.darkroomDevices.dispenses)
    if (row.finished) await recordChemicalUses(services, row.dispenseId).catch(() => undefined);
  return {
    stop() {
      clearInterval(attachTimer);
      clearInterval(compactTimer);
    },
  };
}
