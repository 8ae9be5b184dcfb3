// `npm run device -- <door|label|card|actplace|sensors|dispenser|giclee> [--simulate]`: runs one device host as its own process. It consumes
// its device's queue over Redis (REDIS_URL, QUEUE_PREFIX) and reports a heartbeat every 2 s, until SIGTERM
// or SIGINT. docs/architecture.md (the fleet) shows where it sits.
import type { DeviceHostName } from '@club/workers/device-commands';
import { defaultQueuePrefix } from '@club/workers/queues';
import { closeOnShutdownSignal } from '@club/workers/shutdown';
import type { DeviceHostOptions, RunningDeviceHost } from '@club/devices/host';
import { runCardHost } from '@club/devices/card/host';
import { labelOutputDirFromEnvironment, runLabelHost } from '@club/devices/label/host';
import { doorSimulatorOptionsFromEnvironment, runDoorHost } from '@club/devices/door/host';
import { runActPlaceHost } from '@club/devices/actplace/host';
import { runSensorHost } from '@club/devices/sensors/host';
import { sensorSimulatorOptionsFromEnvironment } from '@club/devices/sensors/simulator';
import { runDispenserHost } from '@club/devices/dispenser/host';
import { dispenserSimulatorOptionsFromEnvironment } from '@club/devices/dispenser/simulator';
import { bookingSiteOptionsFromEnvironment } from '@club/devices/actplace/simulator';
import { runGicleeHost } from '@club/devices/giclee/host';
import { printerSimulatorOptionsFromEnvironment } from '@club/devices/giclee/simulator';
import { CliRefusal, CliUsageError, parseCli, runCli } from './args.ts';

const USAGE = 'npm run device -- <door|label|card|actplace|sensors|dispenser|giclee> [--simulate]';

const { values, positionals } = parseCli({
  usage: USAGE,
  help: `
Runs the host of one device: door (the club-room lock), label (the label printer), card (the counter's
card reader) or actplace (books the room-booking helper's wishes on the university's site). It takes the
device's jobs from Redis (REDIS_URL, default redis://127.0.0.1:6379; QUEUE_PREFIX, default club) and sends a heartbeat every 2 s; the portal answers servicedown within seconds without one.

  --simulate            drive the device's simulator instead of the real device (development, tests)
  --reader <name>       card: the reader's name (default counter)
  --control-port <n>    card: the simulator's control port on 127.0.0.1 (POST /read; default any free)
  --demo <id,id,...>    card: the simulator reads these card ids in turn, every 30 s

The door simulator reads DOOR_RELAY_DELAY_MS (default 300), DOOR_UNREACHABLE_RATE (0 to 1, default 0) and
DOOR_OFFLINE=1 (start unreachable); the label printer simulator LABEL_OUTPUT_DIR, LABEL_ROLL_SIZE,
LABEL_MS_PER_SHEET and LABEL_REFILL_FILE (README); the sensor simulator SENSOR_INTERVAL_MS (default 60000),
SENSOR_GAP_RATE, SENSOR_OFFSET_C and SENSOR_OFFLINE=1; the dispenser simulator DISPENSER_TICK_MS and
DISPENSER_FAIL (weightdrop, limitexceed, aborted, unreachable), with a control port (--control-port) like
the card reader's (docs/darkroom-devices.md); the booking site simulator ACTPLACE_TAKEN (rooms already
taken, comma-separated) and ACTPLACE_OFFLINE=1, and the booker ACTPLACE_ACCOUNT and ACTPLACE_PASSWORD; the giclee printer simulator
GICLEE_JOB_EVERY_MS (default 90000), GICLEE_PRINT_MS (20000), GICLEE_INITIAL_JOBS (3), GICLEE_OUTAGE_RATE
(0 to 1) and GICLEE_OFFLINE=1. Stops on SIGTERM or SIGINT after the job in hand.`,
  options: {
    simulate: { type: 'boolean' },
    reader: { type: 'string' },
    'control-port': { type: 'string' },
    demo: { type: 'string' },
  },
  positionals: { min: 1, max: 1 },
});

const wholeNumber = (text: string | undefined, fallback: number): number => {
  const value = Number(text);
  return text?.trim() && Number.isInteger(value) && value >= 0 ? value : fallback;
};

/** The hosts by name; each refuses to start without --simulate while its real driver is not built. */
const hosts: Partial<Record<DeviceHostName, (options: DeviceHostOptions) => Promise<RunningDeviceHost>>> = {
  door: (options) => runDoorHost({ ...options, simulator: doorSimulatorOptionsFromEnvironment() }),
  actplace: (options) => runActPlaceHost({ ...options, simulator: bookingSiteOptionsFromEnvironment() }),
  giclee: (options) => runGicleeHost({ ...options, simulator: printerSimulatorOptionsFromEnvironment() }),
  label: async (options) => {
    if (!options.simulate) throw new Error('no real label printer driver yet: run with --simulate');
    const outputDir = labelOutputDirFromEnvironment();
    const label = runLabelHost({
      ...options,
      simulator: {
        outputDir,
        rollSize: wholeNumber(process.env.LABEL_ROLL_SIZE, 200),
        msPerSheet: wholeNumber(process.env.LABEL_MS_PER_SHEET, 150),
        ...(process.env.LABEL_REFILL_FILE?.trim()
          ? { refillFile: process.env.LABEL_REFILL_FILE.trim() }
          : {}),
      },
    });
    console.info(`label printer host (simulator) writing to ${outputDir}`);
    return { device: 'label', simulated: true, close: () => label.close() };
  },
  sensors: (options) =>
    runSensorHost({
      ...options,
      simulator: sensorSimulatorOptionsFromEnvironment(),
      intervalMs: wholeNumber(process.env.SENSOR_INTERVAL_MS, 60_000) || 60_000,
    }),
  dispenser: async (options) => {
    const dispenser = await runDispenserHost({
      ...options,
      simulator: dispenserSimulatorOptionsFromEnvironment(),
      controlPort: values['control-port'] === undefined ? 0 : Number(values['control-port']),
    });
    console.info(`dispenser host ready: control=${dispenser.controlUrl ?? 'none'}`);
    return dispenser;
  },
  card: async (options) => {
    const card = await runCardHost({
      ...options,
      reader: values.reader ?? 'counter',
      controlPort: values['control-port'] === undefined ? 0 : Number(values['control-port']),
      demoCards: values.demo?.split(',').filter((cardid) => cardid !== '') ?? [],
    });
    console.info(`card host ready: reader=${card.reader} control=${card.controlUrl}`);
    return { device: 'card', simulated: options.simulate, close: () => card.close() };
  },
};

await runCli(USAGE, async () => {
  const name = positionals[0]!;
  const run = hosts[name as DeviceHostName];
  if (!run)
    throw new CliUsageError(
      `unknown device ${JSON.stringify(name)}; one of ${Object.keys(hosts).join(', ')}`,
    );
  // Reconnect chatter only at LOG_LEVEL=debug; what the host does is logged at info and above.
  const logger = { ...console, debug: process.env.LOG_LEVEL === 'debug' ? console.debug : () => {} };
  const prefix = process.env.QUEUE_PREFIX?.trim() || defaultQueuePrefix;
  const starting = run({ simulate: values.simulate === true, prefix, logger });
  // Listening before the host is up: a SIGTERM during its start (its first heartbeat may be written
  // already) waits for the start and then closes it, instead of killing the process with the heartbeat
  // left behind.
  closeOnShutdownSignal(async () => (await starting.catch(() => undefined))?.close());
  const host = await starting.catch((error: unknown) => {
    // A host without its real driver refuses to start (it would acknowledge jobs nothing carries out).
    if (
      error instanceof Error &&
      (error.name.endsWith('DriverMissingError') || /--simulate/.test(error.message))
    )
      throw new CliRefusal(error.message);
    throw error;
  });
  console.info(
    `device host ${host.device}${host.simulated ? ' (simulated)' : ''} running (pid ${process.pid}, prefix ${prefix})`,
  );
  return undefined;
});
