// AdminSystemStatus (document 3): real checks of what the portal depends on, sorted into the problem and
// the normal list. Each check is bounded by CHECK_DEADLINE_MS, so the page answers within about a second
// even when Redis hangs; a check that runs out of time is itself a problem item. The texts are the
// client's (key + params, rendered in the viewer's language); `detail` carries technical text as it is.
import { statfs } from 'node:fs/promises';
import { deviceHostNames, deviceQueueName } from '@club/workers/device-commands';
import type { Heartbeat } from '@club/workers/device-link';
import { jobCountsOf } from '@club/workers/queues';
import type { z } from 'zod';
import type { statusItemSchema } from '../contracts/system.ts';
import { readLastBackup } from '../operations/backup.ts';
import type { PortalServices } from '../services.ts';
import { currentSensors } from '../routes/darkroom-devices.ts';

export type StatusItem = z.infer<typeof statusItemSchema>;
export interface CheckedItem {
  problem: boolean;
  item: StatusItem;
}
/** One check: any number of items (one per queue, per device, ...). */
export type StatusCheck = (services: PortalServices) => Promise<CheckedItem[]>;

export const CHECK_DEADLINE_MS = 900;
/** A transfer whose credit has not come this long after its debit is waiting for its second step. */
export const TRANSFER_WAIT_PROBLEM_MS = 60_000;
/** Free space below either threshold is a problem. */
export const DISK_FREE_MIN_BYTES = 1024 ** 3;
export const DISK_FREE_MIN_RATIO = 0.05;
/** More jobs than this waiting on one queue is a backlog. */
export const QUEUE_BACKLOG_PROBLEM = 100;
/** A daily backup with a few hours' slack: older than this, the backup item is a problem. */
export const BACKUP_MAX_AGE_MS = 26 * 3_600_000;
/** How long the projections may take to catch up with the store's head before that is a problem. */
const PROJECTION_CATCH_UP_MS = 500;

const problem = (item: StatusItem): CheckedItem => ({ problem: true, item });
const normal = (item: StatusItem): CheckedItem => ({ problem: false, item });

/**
 * A queue is a problem with failed jobs (kept for BullMQ's retention, 7 days, or until staff remove them
 * in the queue board) or with a backlog.
 */
const queueItem = (item: StatusItem, counts: { failed: number; waiting: number }): CheckedItem =>
  counts.failed > 0 || counts.waiting > QUEUE_BACKLOG_PROBLEM ? problem(item) : normal(item);

export const redisCheck: StatusCheck = async (services) => {
  if (!services.queues) return [problem({ key: 'redis', params: { state: 'off' } })];
  const health = await services.queues.health();
  return [
    health === 'up'
      ? normal({ key: 'redis', params: { state: 'up' } })
      : problem({ key: 'redis', params: { state: 'down' } }),
  ];
};

export const queuesCheck: StatusCheck = async (services) => {
  if (!services.queues) return [];
  const result = await services.queues.jobCounts(CHECK_DEADLINE_MS - 100);
  if (!result.ok) return [problem({ key: 'queues', params: { state: 'unreadable' } })];
  return Object.entries(result.counts).map(([queue, counts]) => {
    return queueItem({ key: 'queue', params: { queue, ...counts } }, counts);
  });
};

/** A device host's last result, as technical text: '2026-11-23T08:00:00Z door-42 ok' or '... failed: why'. */
const lastResultText = (heartbeat: Heartbeat): string | undefined => {
  const last = heartbeat.lastResult;
  const status = heartbeat.status
    ? Object.entries(heartbeat.status)
        .map(([name, value]) => `${name}=${String(value)}`)
        .join(' ')
    : '';
  const result = last ? `${last.at} ${last.requestId} ${last.ok ? 'ok' : `failed: ${last.error ?? ''}`}` : '';
  const text = [result, status].filter((part) => part !== '').join('; ');
  return text === '' ? undefined : text;
};

/**
 * Each device host's heartbeat (door, label printer, card reader): silent for its TTL means the host is
 * down; a host whose last command failed is a problem too until its next success.
 */
export const devicesCheck: StatusCheck = async (services) => {
  if (!services.devices) return [problem({ key: 'devices', params: { state: 'off' } })];
  const heartbeats = await services.devices.heartbeats();
  return deviceHostNames.map((device) => {
    const heartbeat = heartbeats[device];
    if (!heartbeat) return problem({ key: 'device', params: { device, state: 'silent' } });
    const detail = lastResultText(heartbeat);
    const item = {
      key: 'device',
      params: {
        device,
        state: heartbeat.lastResult?.ok === false ? 'lastfailed' : 'up',
        host: heartbeat.host,
        simulated: heartbeat.simulated ? 1 : 0,
      },
      ...(detail ? { detail } : {}),
      since: heartbeat.startedAt,
    };
    return heartbeat.lastResult?.ok === false ? problem(item) : normal(item);
  });
};

/** The device hosts' queues, by the same rule as the portal's queues (failed jobs, a backlog). */
export const deviceQueuesCheck: StatusCheck = async (services) => {
  if (!services.devices) return [];
  const counted = await services.devices.jobCounts();
  if (!counted) return [problem({ key: 'queues', params: { state: 'unreadable', devices: 1 } })];
  return Object.entries(counted).map(([device, raw]) => {
    const counts = jobCountsOf(raw);
    const item = { key: 'queue', params: { queue: deviceQueueName(device as 'door'), ...counts } };
    return queueItem(item, counts);
  });
};

export const projectionsCheck: StatusCheck = async (services) => {
  const head = await services.store.headPosition();
  const lagging = () => {
    const lag = head - services.projections.position;
    return problem({ key: 'projections', params: { lag, position: services.projections.position, head } });
  };
  if (services.projections.position >= head)
    return [normal({ key: 'projections', params: { lag: 0, position: head, head } })];
  try {
    await services.projections.waitFor(head, PROJECTION_CATCH_UP_MS);
  } catch {
    return [lagging()];
  }
  return [normal({ key: 'projections', params: { lag: 0, position: head, head } })];
};

/** Transfers debited whose credit has not come: the second step the process manager finishes. */
export const transfersCheck: StatusCheck = async (services) => {
  const nowMs = services.now().getTime();
  const waiting = [...services.projections.models.ledger.awaitingCredit.values()];
  const overdue = waiting
    .filter((transfer) => nowMs - Date.parse(transfer.at) > TRANSFER_WAIT_PROBLEM_MS)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const oldest = overdue[0];
  if (oldest)
    return [
      problem({
        key: 'transfers',
        params: { count: overdue.length },
        detail: overdue
          .slice(0, 5)
          .map((transfer) => transfer.transferKey)
          .join(', '),
        since: oldest.at,
      }),
    ];
  return [normal({ key: 'transfers', params: { count: waiting.length } })];
};

/** Follow-ups of the ledger's and the stock's process managers that keep failing. */
export const followUpsCheck: StatusCheck = async (services) => {
  const stuck = [...services.ledgerProcessManager.stuck(), ...services.stockProcessManager.stuck()].sort(
    (a, b) => a.firstFailedAt.getTime() - b.firstFailedAt.getTime(),
  );
  const first = stuck[0];
  if (!first) return [normal({ key: 'followups', params: { count: 0 } })];
  return [
    problem({
      key: 'followups',
      params: { count: stuck.length },
      detail: `${first.type} ${first.subject}: ${first.lastError} (${first.attempts}×)`,
      since: first.firstFailedAt.toISOString(),
    }),
  ];
};

export const diskCheck: StatusCheck = async (services) => {
  try {
    const stats = await statfs(services.config.dataDir);
    const freeBytes = stats.bavail * stats.bsize;
    const totalBytes = stats.blocks * stats.bsize;
    const ratio = totalBytes > 0 ? freeBytes / totalBytes : 0;
    const item = {
      key: 'disk',
      params: {
        freeGiB: Math.round((freeBytes / 1024 ** 3) * 10) / 10,
        freePercent: Math.round(ratio * 1000) / 10,
      },
      detail: services.config.dataDir,
    };
    return freeBytes < DISK_FREE_MIN_BYTES || ratio < DISK_FREE_MIN_RATIO ? [problem(item)] : [normal(item)];
  } catch (error) {
    return [problem({ key: 'disk', params: { state: 'unreadable' }, detail: (error as Error).message })];
  }
};

/**
 * The age of the last `npm run backup` (DATA_DIR/last-backup.json, docs/operations.md): no backup, or
 * one older than BACKUP_MAX_AGE_MS, is a problem staff act on by running a backup. With EventStoreDB the
 * log is backed up by its own tools, which the portal cannot see: then the item only says so.
 */
export const backupCheck: StatusCheck = async (services) => {
  if (services.config.eventStoreUrl !== undefined)
    return [normal({ key: 'backup', params: { state: 'external' } })];
  const last = readLastBackup(services.config.dataDir);
  if (!last) return [problem({ key: 'backup', params: { state: 'none' } })];
  const ageMs = Math.max(0, services.now().getTime() - Date.parse(last.time));
  const item = {
    key: 'backup',
    params: { state: ageMs > BACKUP_MAX_AGE_MS ? 'old' : 'ok', ageHours: Math.floor(ageMs / 3_600_000) },
    detail: `${last.file} (position ${last.headPosition})`,
    since: last.time,
  };
  return ageMs > BACKUP_MAX_AGE_MS ? [problem(item)] : [normal(item)];
};

/**
 * The darkroom's temperature and humidity (docs/darkroom-devices.md): a current reading out of the range
 * film tolerates is a problem; no current reading is a problem too (the sensor host's own heartbeat is the
 * devices check).
 */
export const darkroomClimateCheck: StatusCheck = async (services) =>
  currentSensors(services).map((sensor) => {
    // Never a reading: no sensor is installed yet (a silent sensor host is the devices check's problem).
    if (sensor.status === 'unavailable' && services.sensorReadings.latest(sensor.key) === null)
      return normal({ key: 'climate', params: { sensor: sensor.key, state: 'none' } });
    if (sensor.status === 'unavailable')
      return problem({ key: 'climate', params: { sensor: sensor.key, state: 'unavailable' } });
    const item = {
      key: 'climate',
      params: {
        sensor: sensor.key,
        state: sensor.problems.length > 0 ? 'outofrange' : 'ok',
        temperature: sensor.temperature ?? 0,
        humidity: sensor.humidity ?? 0,
      },
      ...(sensor.problems.length > 0 ? { detail: sensor.problems.join(', ') } : {}),
      ...(sensor.at ? { since: sensor.at } : {}),
    };
    return sensor.problems.length > 0 ? problem(item) : normal(item);
  });

export const defaultChecks: Record<string, StatusCheck> = {
  climate: darkroomClimateCheck,
  redis: redisCheck,
  queues: queuesCheck,
  devices: devicesCheck,
  deviceQueues: deviceQueuesCheck,
  projections: projectionsCheck,
  transfers: transfersCheck,
  followups: followUpsCheck,
  disk: diskCheck,
  backup: backupCheck,
};

/** Runs every check at once, each within the deadline, and sorts the items into the two lists. */
export async function systemStatus(
  services: PortalServices,
  checks: Record<string, StatusCheck> = defaultChecks,
): Promise<{ problem: StatusItem[]; normal: StatusItem[] }> {
  const results = await Promise.all(
    Object.entries(checks).map(([name, check]) => withDeadline(name, check(services))),
  );
  const items = results.flat();
  return {
    problem: items.filter((checked) => checked.problem).map((checked) => checked.item),
    normal: items.filter((checked) => !checked.problem).map((checked) => checked.item),
  };
}

async function withDeadline(name: string, running: Promise<CheckedItem[]>): Promise<CheckedItem[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckedItem[]>((resolve) => {
    timer = setTimeout(
      () => resolve([problem({ key: 'check', params: { check: name, state: 'timeout' } })]),
      CHECK_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([
      running.catch((error: unknown) => [
        problem({ key: 'check', params: { check: name, state: 'error' }, detail: String(error) }),
      ]),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
