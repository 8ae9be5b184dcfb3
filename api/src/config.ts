// Configuration from the environment, in one place (the README's configuration table mirrors it).
import { resolve } from 'node:path';

export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  eventStoreUrl: string | undefined;
  redisUrl: string;
  /** 'FULL' by default: an acknowledged write survives a power cut. */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  sessionSecret: string | undefined;
  /** The club's social-network group, returned after registration. */
  fbGroupUrl: string;
  /** Serve the built web app (web/dist) from this process. */
  serveWeb: boolean;
  webDist: string;
  logLevel: string;
  /** Whether the workshop form is open (document 1: the server flag showworkshopform). */
  showWorkshopForm: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL',
    sessionSecret: env.SESSION_SECRET || undefined,
    fbGroupUrl: env.FB_GROUP_URL ?? 'https://www.facebook.com/groups/ntuphoto',
    serveWeb: env.SERVE_WEB !== '0',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    showWorkshopForm: env.SHOW_WORKSHOP_FORM === '1',
  };
}
