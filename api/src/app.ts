// Builds the portal's Fastify app: external plugins (security headers, cookies, sessions, CSRF), then services,
// then routes (STYLE.md), and in production the built web app with SPA fallback.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EventStore } from '@club/core/eventstore/port';
import {
  PRIVATE_FILE_MODE,
  preparePrivateDirectory,
  tightenPrivateFile,
} from '@club/core/eventstore/private-files';
import type { DeviceLink } from '@club/workers/device-link';
import type { QueueService } from '@club/workers/queues';
import { requireStaffWith } from './auth/guards.ts';
import { LoginLimiter } from './auth/login-limiter.ts';
import type { PortalConfig } from './config.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { OneLineRequestLog, portalLogDestination, requestLoggerFactory } from './plugins/request-log.ts';
import { rememberingSerializerCompiler } from './plugins/serializer.ts';
import { registerSessions } from './plugins/session.ts';
import { rememberingSigner } from './plugins/session-signer.ts';
import { SqliteSessionStore } from './plugins/session-store.ts';
import { accessRoutes } from './routes/access.ts';
import { actplaceRoutes } from './routes/actplace.ts';
import { gicleeRoutes } from './routes/giclee.ts';
import { startPrinterPoll } from './giclee/poller.ts';
import { startOpeningTimer } from './actplace/booking.ts';
import { cashDeskRoutes } from './routes/cash-desk.ts';
import { depositRoutes } from './routes/deposit.ts';
import { doorRoutes } from './routes/door.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { signInRoutes } from './routes/signin.ts';
import { voteRoutes } from './routes/vote.ts';
import { registerQueueBoard } from './routes/queue-board.ts';
import { feeCollectionRoutes } from './routes/fee-collection.ts';
import { fileRoutes } from './routes/files.ts';
import { financeRoutes } from './routes/finance.ts';
import { groupBuyRoutes } from './routes/groupbuy.ts';
import { workshopRoutes } from './routes/workshop.ts';
import { statisticsRoutes } from './routes/statistics.ts';
import { directUploadRoutes } from './routes/files-direct.ts';
import { healthRoutes } from './routes/health.ts';
import { labelRoutes } from './routes/labels.ts';
import { cardRoutes } from './routes/card.ts';
import { homeRoutes } from './routes/home.ts';
import { mailRoutes } from './routes/mail.ts';
import { moneyRoutes } from './routes/money.ts';
import { nasRoutes } from './routes/nas.ts';
import { pointRoutes } from './routes/points.ts';
import { printRoutes } from './routes/print.ts';
import { printDuoRoutes } from './routes/print-duo.ts';
import { followDuoAlignments } from './print/duo.ts';
import { reservationRoutes } from './routes/reservations.ts';
import { shopRoutes } from './routes/shop.ts';
import { libraryRoutes } from './routes/loans-library.ts';
import { paperRoutes } from './routes/loans-paper.ts';
import { propertyRoutes } from './routes/loans-property.ts';
import { stockRoutes } from './routes/stock.ts';
import { stockPurchaseRoutes } from './routes/stock-purchase.ts';
import { transactionRoutes } from './routes/transactions.ts';
import { registerCompression } from './plugins/compression.ts';
import { systemLogRoutes } from './routes/system-logs.ts';
import { typeaheadRoutes } from './routes/typeahead.ts';
import { userDetailRoutes } from './routes/user-detail.ts';
import { userListRoutes } from './routes/user-lists.ts';
import { userRoutes } from './routes/user.ts';
import { createServices } from './services.ts';
import { followDoorOutcomes } from './door/outcomes.ts';
import { followDarkroomDevices } from './darkroom/follow.ts';
import { darkroomDeviceRoutes, fluxRoutes } from './routes/darkroom-devices.ts';
import { darkroomSessionRoutes } from './routes/darkroom-sessions.ts';
import { settleDarkroomSessions } from './darkroom/sessions.ts';
import { followPrintReports } from './print/follow.ts';

export interface BuildOptions {
  config: PortalConfig;
  store: EventStore;
  queues: QueueService | null;
  /** The device link; main.ts sets it after the app is built, tests may pass one. */
  devices?: DeviceLink | null;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** ':memory:' keeps sessions in memory (tests); default is DATA_DIR/sessions.sqlite3. */
  sessionFile?: string;
  /** Attempts and backoff of email jobs other than the queue's defaults (tests). */
  mailRetry?: { attempts: number; backoff: { type: 'exponential' | 'fixed'; delay: number } };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The session table, for ending a user's other sessions (a password change). */
    sessionStore: SqliteSessionStore;
  }
}

const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Pages, with their compressed copies. */
const HTML_FILE = /\.html(?:\.br|\.gz)?$/;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel, stream: portalLogDestination(1) },
    // One line per request instead of two (plugins/request-log.ts).
    logController: new OneLineRequestLog(),
    // request.log without pino's slow child path for an empty options object (plugins/request-log.ts).
    childLoggerFactory: requestLoggerFactory,
    // Off unless TRUST_PROXY says which proxies may set X-Forwarded-*: otherwise any client could
    // choose its own address (and so its login budget) and host.
    trustProxy: trustProxyOption(options.config.trustProxy),
    bodyLimit: 1_048_576,
    // Request ids become the events' correlation ids, so they must stay unique across restarts.
    genReqId: () => randomUUID(),
    // Starting the services replays the log after the read-model snapshot, which on a long log without
    // one takes longer than avvio's default 10 s per plugin.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(rememberingSerializerCompiler);
  registerErrorHandling(app);

  // External plugins.
  await registerSecurityHeaders(app);
  if (options.sessionFile === undefined) preparePrivateDirectory(options.config.dataDir);
  const sessionStore = new SqliteSessionStore(
    options.sessionFile ?? join(options.config.dataDir, 'sessions.sqlite3'),
  );
  app.decorate('sessionStore', sessionStore);
  await app.register(fastifyCookie);
  const secret = sessionSecret(options.config);
  // A session lasts 30 days from login; not rolling, so reading a page never writes to the session table.
  registerSessions(app, {
    store: sessionStore,
    signer: rememberingSigner(secret),
    cookieName: 'club.sid',
    maxAgeMs: SESSION_MAX_AGE_MS,
  });
  registerCsrfGuard(app, { publicOrigin: options.config.publicOrigin });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Photography club portal API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // In production the map of every call is for the system's keepers; in development and tests it is open.
    ...(options.config.production ? { uiHooks: { preHandler: requireStaffWith('system') } } : {}),
  });

  // Services.
  const services = await createServices({
    config: options.config,
    store: options.store,
    queues: options.queues,
    devices: options.devices ?? null,
    now: options.now,
    loginLimiter: new LoginLimiter(sessionStore.db),
    secret,
    ...(options.mailRetry ? { mailRetry: options.mailRetry } : {}),
  });
  app.decorate('services', services);
  // Door outcomes that arrive after the open call answered, and attempts left waiting by a restart.
  if (services.devices)
    await followDoorOutcomes(services, services.devices).catch((error) =>
      app.log.warn(`door outcomes not followed: ${(error as Error).message}`),
    );
  // The room-booking helper books the pending wishes when the university's booking opens.
  const openingTimer = startOpeningTimer(services, app.log);
  // Sensor readings and the dispenser's reports (docs/darkroom-devices.md).
  const darkroomFollower = await followDarkroomDevices(services, app.log);
  // Darkroom check-outs a crash left without their posting or chemical uses (docs/darkroom-sessions.md).
  await settleDarkroomSessions(services, app.log);
  // The imposition worker's progress, results and failures (api/src/print/follow.ts).
  const printFollower = followPrintReports(services);
  // The printer-poll: asks the giclee host every minute (GICLEE_POLL_MS) and records new and changed jobs.
  // Started when the app is ready: main.ts hands the queues over after building the app.
  app.addHook('onReady', async () => {
    startPrinterPoll(services, Number(process.env.GICLEE_POLL_MS) || 60_000, app.log);
    followDuoAlignments(services, app.log);
  });
  app.addHook('onClose', async () => {
    darkroomFollower.stop();
    printFollower.stop();
    services.sensorReadings.close();
    openingTimer.stop();
    services.kiosks.stop();
    await services.mail?.stop();
    await services.stockProcessManager.stop();
    await services.ledgerProcessManager.stop();
    await services.projections.stop();
    sessionStore.close();
  });

  // Routes.
  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(healthRoutes);
      await api.register(userRoutes);
      await api.register(homeRoutes);
      await api.register(accessRoutes);
      await api.register(pointRoutes);
      await api.register(reservationRoutes);
      await api.register(feeCollectionRoutes);
      await api.register(cashDeskRoutes);
      await api.register(depositRoutes);
      await api.register(moneyRoutes);
      await api.register(transactionRoutes);
      await api.register(stockRoutes);
      await api.register(stockPurchaseRoutes);
      await api.register(shopRoutes);
      await api.register(libraryRoutes);
      await api.register(propertyRoutes);
      await api.register(paperRoutes);
      await api.register(groupBuyRoutes);
      await api.register(financeRoutes);
      await api.register(workshopRoutes);
      await api.register(statisticsRoutes);
      await api.register(userListRoutes);
      await api.register(fileRoutes);
      await api.register(directUploadRoutes);
      await api.register(typeaheadRoutes);
      await api.register(labelRoutes);
      await api.register(systemLogRoutes);
      await api.register(userDetailRoutes);
      await api.register(mailRoutes);
      await api.register(cardRoutes);
      await api.register(nasRoutes);
      await api.register(actplaceRoutes);
      await api.register(gicleeRoutes);
      await api.register(doorRoutes);
      await api.register(calendarRoutes);
      await api.register(signInRoutes);
      await api.register(voteRoutes);
      await api.register(darkroomDeviceRoutes);
      await api.register(darkroomSessionRoutes);
      await api.register(printRoutes);
      await api.register(printDuoRoutes);
      if (services.devices) await registerQueueBoard(api, services.devices);
    },
    { prefix: '/api' },
  );

  // The spec's "go path" time-series call lives outside /api.
  await app.register(fluxRoutes);

  if (options.config.serveWeb && existsSync(join(options.config.webDist, 'index.html'))) {
    // The build's output under assets/: Vite puts a hash of the content in every name there.
    const hashedAssets = join(resolve(options.config.webDist), 'assets') + sep;
    await app.register(fastifyStatic, {
      root: options.config.webDist,
      wildcard: false,
      maxAge: '1h',
      // The build writes a brotli and a gzip copy next to each text file (web/compress-assets-plugin.ts):
      // a browser that accepts one gets it (brotli first when it takes both), with Content-Encoding and
      // Vary: Accept-Encoding; any other gets the plain file. The copies are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // A page names the build's hashed chunks, and a new build deletes the old ones: a page cached for
      // the hour would load chunks that no longer exist after an update. Pages are asked for again each
      // time; a hashed chunk's content never changes under its name, so it is kept for good.
      setHeaders: (reply, filePath) => {
        if (HTML_FILE.test(filePath)) reply.header('cache-control', 'no-cache');
        else if (resolve(filePath).startsWith(hashedAssets))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // SPA fallback: any unknown non-API GET is the web app, which routes it (or sends it to /). A
    // catch-all route rather than a second not-found handler, which Fastify refuses (errors.ts has one);
    // the files and the API routes are more specific, so they still win. Sent as a file, not a buffer, so
    // it is compressed like the files; never cached without asking, and without validators, as before.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (request.url.startsWith('/api/'))
        return reply.status(404).send({ status: 'fail', reason: 'notfound' });
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', { cacheControl: false, etag: false, lastModified: false });
    });
  }
  return app;
}

/** Fastify's types leave out the hop count its trustProxy accepts; a hop count is this function. */
function trustProxyOption(
  setting: PortalConfig['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** SESSION_SECRET, or one generated once and kept in the data folder so sessions survive restarts. */
export function sessionSecret(config: PortalConfig): string {
  if (config.sessionSecret && config.sessionSecret.length >= 32) return config.sessionSecret;
  const file = join(config.dataDir, 'session-secret');
  preparePrivateDirectory(config.dataDir);
  if (existsSync(file)) {
    tightenPrivateFile(file);
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return secret;
}
