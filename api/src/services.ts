// The services every route uses, decorated on the Fastify instance (STYLE.md: app services after the
// external plugins, before the routes).
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Access } from '@club/core/access/service';
import { Accounts } from '@club/core/accounts/service';
import { StateCache } from '@club/core/commands';
import type { EventStore } from '@club/core/eventstore/port';
import { type LedgerProcessManager, startLedgerProcessManager } from '@club/core/ledger/process-manager-live';
import { Ledger } from '@club/core/ledger/service';
import { Points } from '@club/core/points/service';
import { Labels } from '@club/core/labels/service';
import { newId } from '@club/core/ids';
import { openFileStorage } from '@club/core/files/open';
import { Files } from '@club/core/files/service';
import { Door } from '@club/core/door/service';
import { Calendar } from '@club/core/calendar/service';
import { SignIns } from '@club/core/signin/service';
import { Votes } from '@club/core/vote/service';
import { Reservations } from '@club/core/reservations/service';
import { type StockProcessManager, startStockProcessManager } from '@club/core/stock/process-manager';
import { Sales } from '@club/core/stock/sale-service';
import { Loans } from '@club/core/loans/service';
import { httpExchangeRates } from '@club/core/groupbuy/exchange-rate';
import { GroupBuys } from '@club/core/groupbuy/service';
import { Workshops } from '@club/core/workshop/service';
import { overdueLoanMails } from './views/loans.ts';
import { Stock } from '@club/core/stock/service';
import {
  otherPointsSameDayHundredths,
  PROJECTIONS_VERSION,
  type PortalProjections,
  ProjectionRunner,
  portalProjections,
  projectionsFingerprint,
  SnapshotFile,
} from '@club/projections';
import type { DeviceLink } from '@club/workers/device-link';
import type { QueueService } from '@club/workers/queues';
import { argon2Hasher } from './auth/passwords.ts';
import { CardKiosks } from './card/kiosks.ts';
import {
  type MailProcessManager,
  mailCheckpointFile,
  startMailProcessManager,
} from './mail/process-manager.ts';
import { ResetRequestLimiter } from './mail/reset-limiter.ts';
import { LoginLimiter } from './auth/login-limiter.ts';
import type { PortalConfig } from './config.ts';
import { readSettledCheckpoint, writeSettledCheckpoint } from './settled-checkpoint.ts';
import { NasAccounts } from '@club/core/nas/service';
import { ActPlace } from '@club/core/actplace/service';
import { Giclee } from '@club/core/giclee/service';
import { PrintProjects } from '@club/core/print/service';
import { DuoAlignments } from '@club/core/duo/service';
import { SecretBox } from '@club/core/nas/sealing';
import { Chemicals } from '@club/core/chemicals/service';
import { Dispenser } from '@club/core/dispenser/service';
import { DarkroomSessions } from '@club/core/darkroom-sessions/service';
import { SensorReadings } from '@club/core/sensors/readings-store';
import { existsSync } from 'node:fs';

export interface PortalServices {
  config: PortalConfig;
  store: EventStore;
  projections: ProjectionRunner<PortalProjections>;
  cache: StateCache;
  accounts: Accounts;
  /** Staff and workshop rosters and authority grants; decides against the store, shares the state cache. */
  access: Access;
  /** Point requests, edits and reviews; the daily limit reads the points read model. */
  points: Points;
  /** Money: transfers, dues, cash and corrections (core/src/ledger/README.md). */
  ledger: Ledger;
  /**
   * Finishes half-done transfers and dues after a crash, and follows the live log; `stuck()` lists the
   * follow-ups that keep failing (for the system status).
   */
  ledgerProcessManager: LedgerProcessManager;
  /** Uploaded files: records as events, bytes in the storage port (DATA_DIR/files or S3). */
  files: Files;
  /** Door-opening attempts (core/src/door); the routes ask the door host through `devices`. */
  door: Door;
  /** Club calendar entries and personal feed generations (core/src/calendar). */
  calendar: Calendar;
  /** Sign-in sheets and sign-ins (core/src/signin). */
  signIns: SignIns;
  /** President votes: voter claims and ballots apart (core/src/vote). */
  votes: Votes;
  /** Label drawing and printing (core/src/labels); prints go to the label host through `devices`. */
  labels: Labels;
  /** Darkroom reservations, each room-slot claimed as its own stream (core/src/reservations). */
  reservations: Reservations;
  /** Stock items, purchases, adjustments, refunds' stock side and carts (core/src/stock, docs/stock.md). */
  stock: Stock;
  /** The counter sale's saga: money and stock together (core/src/stock/sale-service.ts). */
  sales: Sales;
  /** Finishes sales, purchase postings and refunds' stock side after a crash; follows the live log. */
  stockProcessManager: StockProcessManager;
  /** Books, equipment and shared paper: loans, fines, deposits, rent (core/src/loans, docs/loans.md). */
  loans: Loans;
  /** Group buys: orders, deposits, closings (core/src/groupbuy, docs/groupbuy.md). */
  groupBuys: GroupBuys;
  /** Workshop applications, their schedule and results (core/src/workshop, docs/workshop.md). */
  workshops: Workshops;
  queues: QueueService | null;
  /**
   * Commands to the device hosts (door, label printer) and their heartbeats (workers/src/device-link.ts);
   * null without Redis configured (tests that need no devices), and calls that need one answer servicedown.
   */
  devices: DeviceLink | null;
  loginLimiter: LoginLimiter;
  /** Follows the log and sends the club's mails (null in the CLI tools, which send none). */
  mail: MailProcessManager | null;
  /** Password reset requests per e-mail and per address (in memory). */
  resetLimiter: ResetRequestLimiter;
  /** The secret reset tokens and kiosk cookies derive from (the session secret). */
  secret: string;
  /** Kiosk browsers waiting for card reads (card login at the counter). */
  kiosks: CardKiosks;
  /** The clock; tests move it. */
  now: () => Date;
  /** Network storage accounts (passwords sealed with NAS_KEY or the session secret). */
  nas: NasAccounts;
  /** The room-booking helper's wishes (AdminActPlace, docs/actplace.md). */
  actplace: ActPlace;
  /** Darkroom chemicals: use, replenish, adjust (core/src/chemicals, docs/darkroom-devices.md). */
  chemicals: Chemicals;
  /** Dispenser runs (core/src/dispenser); the runs go to the dispenser host through `devices`. */
  dispenser: Dispenser;
  /** Darkroom sessions and their fees (core/src/darkroom-sessions, docs/darkroom-sessions.md). */
  darkroomSessions: DarkroomSessions;
  /** Temperature and humidity readings: DATA_DIR/sensors.sqlite3, not events (docs/darkroom-devices.md). */
  sensorReadings: SensorReadings;
  /** The inkjet printer's jobs, their staff edits and the printer's reachability (docs/giclee.md). */
  giclee: Giclee;
  /** Print projects and their impositions (core/src/print, docs/print.md). */
  print: PrintProjects;
  /** Duo (two-sided) alignment per file: offsets, the adjustment job and its result (docs/duo-print.md). */
  duo: DuoAlignments;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: PortalServices;
  }
}

export async function createServices(options: {
  config: PortalConfig;
  store: EventStore;
  queues: QueueService | null;
  devices?: DeviceLink | null;
  now?: () => Date;
  /** The app keeps failed logins beside the sessions; without one (the CLI) they live in memory. */
  loginLimiter?: LoginLimiter;
  /** The session secret; given, the mail process manager runs (the API process only). */
  secret?: string;
  /** The NAS passwords' key when NAS_KEY is unset and no secret is given (the CLIs). */
  nasKey?: string;
  /** Attempts and backoff of email jobs other than the queue's defaults (tests). */
  mailRetry?: { attempts: number; backoff: { type: 'exponential' | 'fixed'; delay: number } };
}): Promise<PortalServices> {
  const cache = new StateCache();
  // Read models start from their last snapshot in the data folder (a cache; see projections/src/snapshot.ts).
  const projections = new ProjectionRunner(options.store, portalProjections, {
    snapshot: new SnapshotFile(
      join(options.config.dataDir, 'readmodels.snapshot'),
      projectionsFingerprint(portalProjections, PROJECTIONS_VERSION),
    ),
  });
  await projections.start();
  const now = options.now ?? (() => new Date());
  const ledger = new Ledger(options.store, { cache });
  const settledFile = join(options.config.dataDir, 'ledger-settled.json');
  const ledgerProcessManager = startLedgerProcessManager(options.store, {
    ledger,
    now,
    afterPosition: await readSettledCheckpoint(options.store, settledFile),
    // A step that keeps failing is retried with backoff and never keeps the portal from starting.
    onError: (error, failure) =>
      failure
        ? console.error(
            `ledger process manager: ${failure.description} failed (attempt ${failure.attempts}), retrying in ${Math.round(failure.retryInMs / 1000)} s`,
            error,
          )
        : console.error('ledger process manager: the live subscription failed and is restarted', error),
  });
  const settled = await ledgerProcessManager.ready;
  if (settled.pending.length === 0)
    await writeSettledCheckpoint(options.store, settledFile, settled.checkpoint);
  const stock = new Stock(options.store, ledger, { cache });
  const sales = new Sales(stock);
  const stockSettledFile = join(options.config.dataDir, 'stock-settled.json');
  const stockProcessManager = startStockProcessManager(
    { stock, sales },
    {
      now,
      afterPosition: await readSettledCheckpoint(options.store, stockSettledFile),
      onError: (error, description) =>
        console.error(
          description
            ? `stock process manager: ${description} failed, retrying`
            : 'stock process manager: the live subscription failed and is restarted',
          error,
        ),
    },
  );
  const stockSettled = await stockProcessManager.ready;
  if (stockSettled.pending.length === 0)
    await writeSettledCheckpoint(options.store, stockSettledFile, stockSettled.checkpoint);
  const loans = new Loans(options.store, ledger, sales, cache);
  // A decision recorded before a crash took its money with it is finished here (ids make it idempotent).
  await loans
    .settlePending({ now: now(), actorPk: null })
    .catch((error: unknown) =>
      console.error('loans: settling pending loans failed, retried at the next start', error),
    );
  // Exchange rates: staff set them by hand, unless GROUPBUY_RATE_URL names an HTTP source.
  const rateUrl = process.env.GROUPBUY_RATE_URL;
  const groupBuys = new GroupBuys(
    options.store,
    ledger,
    rateUrl ? httpExchangeRates(rateUrl) : undefined,
    cache,
  );
  await groupBuys
    .settlePending({ now: now(), actorPk: null })
    .catch((error: unknown) =>
      console.error('group buys: settling pending orders failed, retried at the next start', error),
    );
  const access = new Access(options.store, cache);
  const services: PortalServices = {
    config: options.config,
    store: options.store,
    projections,
    cache,
    accounts: new Accounts(options.store, argon2Hasher, cache),
    access,
    points: new Points(
      options.store,
      {
        otherPointsSameDayHundredths: (recipientPk, workdate, exceptPointId) =>
          otherPointsSameDayHundredths(projections.models.points, recipientPk, workdate, exceptPointId),
        caughtUp: (position) => projections.waitFor(position),
      },
      cache,
    ),
    ledger,
    ledgerProcessManager,
    files: new Files(
      options.store,
      openFileStorage({ dataDir: options.config.dataDir, s3: options.config.s3 }),
      {
        limits: options.config.fileLimits,
        usedBytes: (ownerPk) => projections.models.files.usedBytesByOwner.get(ownerPk) ?? 0,
        caughtUp: (position) => projections.waitFor(position),
      },
      cache,
    ),
    door: new Door(options.store, now, cache),
    calendar: new Calendar(options.store, cache),
    signIns: new SignIns(options.store, cache),
    // Voter claims are hashed with a key derived from the session secret (stable across restarts).
    votes: new Votes(
      options.store,
      options.secret
        ? createHmac('sha256', options.secret).update('vote voter claims').digest('hex')
        : undefined,
      cache,
    ),
    labels: new Labels(
      options.store,
      ledger,
      // Drawn labels are signed with the session secret (a random key in the CLI, which prints at once).
      options.secret || options.config.sessionSecret || newId(),
      cache,
    ),
    reservations: new Reservations(options.store, cache),
    stock,
    sales,
    stockProcessManager,
    loans,
    groupBuys,
    workshops: new Workshops(options.store, access, cache),
    queues: options.queues,
    devices: options.devices ?? null,
    loginLimiter: options.loginLimiter ?? new LoginLimiter(new Database(':memory:')),
    mail: null,
    resetLimiter: new ResetRequestLimiter(),
    secret: options.secret ?? '',
    kiosks: new CardKiosks(),
    actplace: new ActPlace(options.store, now),
    giclee: new Giclee(options.store, cache),
    print: new PrintProjects(options.store, cache),
    duo: new DuoAlignments(options.store, cache),
    nas: new NasAccounts(
      options.store,
      // The CLIs pass `nasKey` (the data folder's session secret) without starting the mail machinery.
      new SecretBox(options.config.nasKey || options.nasKey || options.secret || 'development'),
    ),
    chemicals: new Chemicals(options.store, cache),
    dispenser: new Dispenser(options.store, cache),
    darkroomSessions: new DarkroomSessions(options.store, ledger, new Chemicals(options.store, cache), {
      cache,
    }),
    // A data folder that does not exist (tests without one) keeps the readings in memory.
    sensorReadings: new SensorReadings(
      existsSync(options.config.dataDir) ? join(options.config.dataDir, 'sensors.sqlite3') : ':memory:',
    ),
    now,
  };
  if (options.secret !== undefined) {
    services.kiosks.follow(() => services.queues);
    const config = options.config;
    services.mail = startMailProcessManager({
      store: options.store,
      queues: () => services.queues,
      smtpUrl: config.smtpUrl,
      groupLink: config.fbGroupUrl,
      origin: config.publicOrigin ?? `http://localhost:${config.port}`,
      secret: options.secret,
      checkpointFile: config.dataDir.startsWith('/nonexistent')
        ? undefined
        : mailCheckpointFile(config.dataDir),
      now,
      overdueLoans: async (at) => overdueLoanMails(services, at),
      waitingMailIds: async (atLeastPosition) => {
        await projections.waitFor(atLeastPosition);
        return projections.models.emailLog.rows.filter((row) => row.result === 3).map((row) => row.mailId);
      },
      ...(options.mailRetry ? { retry: options.mailRetry } : {}),
      log: {
        warn: (message) => console.warn(message),
        error: (message, error) => console.error(message, error),
      },
    });
    await services.mail.ready;
  }
  return services;
}
