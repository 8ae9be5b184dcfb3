// Configuration from the environment, in one place (the README's configuration table mirrors it).
import { resolve } from 'node:path';
import type { S3StorageOptions } from '@club/core/files/s3-storage';

export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  eventStoreUrl: string | undefined;
  redisUrl: string;
  /** The key prefix of every queue and heartbeat in Redis (QUEUE_PREFIX, default 'club'). */
  queuePrefix: string;
  /** WORKERS: 'embedded' (default) runs the queue workers in this process; 'off' leaves them to `npm run workers`. */
  workers: 'embedded' | 'off';
  /**
   * DEVICES: 'simulate' spawns a simulated host per device as child processes; 'off' spawns none; 'auto'
   * (unset) simulates only for a data folder made by `npm run demo` (docs/architecture.md, the fleet).
   */
  devices: 'simulate' | 'off' | 'auto';
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
  /**
   * Which proxies may set X-Forwarded-For/-Host/-Proto (Fastify's trustProxy): false unless TRUST_PROXY
   * says otherwise, because a header anyone can send must not choose the client's address.
   */
  trustProxy: boolean | number | string;
  /** The portal's own origin (`https://portal.example`), which the CSRF guard compares Origin with. */
  publicOrigin: string | undefined;
  /** NODE_ENV=production: the API docs page is then only for staff with the system authority. */
  production: boolean;
  /** S3-compatible storage for uploaded files when S3_BUCKET is set; otherwise a folder in DATA_DIR. */
  s3: S3Config | undefined;
  /** SMTP_URL: the server mails go through; unset, mails are logged as not sent (MailNotSent). */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of the club's mails. */
  mailFrom: string;
  /** Upload caps (document 2: 200 MB print pages, 20 MB photos) and each user's quota, in bytes. */
  fileLimits: { printMaxBytes: number; photoMaxBytes: number; userQuotaBytes: number };
  /**
   * NAS_KEY: the key the NAS passwords are sealed with (AES-256-GCM, docs/info-pages.md); unset, the
   * session secret is used, so keep it when moving the data folder.
   */
  nasKey?: string | undefined;
  /**
   * The club on the university's booking site (AdminActPlace, docs/actplace.md): its organiser id
   * ACTPLACE_ACT_ID and the shared account ACTPLACE_ACCOUNT / ACTPLACE_PASSWORD, shown only to holders of
   * the actplace authority (the booking host reads the same two from its own environment).
   */
  actplace?: { actId: string; account: string; password: string };
}

/** S3_* settings: exactly what the S3 file-storage adapter takes. */
export type S3Config = S3StorageOptions;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    queuePrefix: env.QUEUE_PREFIX?.trim() || 'club',
    workers: oneOf('WORKERS', env.WORKERS, ['embedded', 'off'], 'embedded'),
    devices: oneOf('DEVICES', env.DEVICES, ['simulate', 'off', 'auto'], 'auto'),
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL',
    sessionSecret: env.SESSION_SECRET || undefined,
    fbGroupUrl: env.FB_GROUP_URL ?? 'https://www.facebook.com/groups/ntuphoto',
    serveWeb: env.SERVE_WEB !== '0',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    showWorkshopForm: env.SHOW_WORKSHOP_FORM === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicOrigin: parsePublicOrigin(env.PUBLIC_ORIGIN),
    production: env.NODE_ENV === 'production',
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT || undefined,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        }
      : undefined,
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'Photography club <noreply@localhost>',
    fileLimits: {
      printMaxBytes: megabytes(env.UPLOAD_PRINT_MAX_MB, 200),
      photoMaxBytes: megabytes(env.UPLOAD_PHOTO_MAX_MB, 20),
      userQuotaBytes: megabytes(env.UPLOAD_USER_QUOTA_MB, 2048),
    },
    nasKey: env.NAS_KEY || undefined,
    actplace: {
      actId: env.ACTPLACE_ACT_ID?.trim() ?? '',
      account: env.ACTPLACE_ACCOUNT ?? '',
      password: env.ACTPLACE_PASSWORD ?? '',
    },
  };
}

function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  const text = value?.trim() ?? '';
  if (text === '') return fallback;
  if (!(allowed as readonly string[]).includes(text))
    throw new Error(`${name} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
  return text as T;
}

const megabytes = (value: string | undefined, fallback: number): number => {
  const number = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`an upload limit must be a positive number of MB, not ${value}`);
  return Math.round(number * 1024 * 1024);
};

/**
 * TRUST_PROXY: unset, '', '0' or 'false' trusts no proxy; 'true' trusts every hop (only when nothing but
 * the proxy can reach the portal); digits are a hop count ('1': the one reverse proxy in front); anything
 * else is a comma-separated list of proxy addresses or CIDR ranges (or proxy-addr's names 'loopback',
 * 'linklocal', 'uniquelocal'), as Fastify's trustProxy accepts them.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/.test(entry)))
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or addresses/CIDRs, not ${JSON.stringify(value)}`,
    );
  return entries.join(',');
}

/** PUBLIC_ORIGIN: an http(s) URL reduced to its origin (scheme, host, port); unset when empty. */
export function parsePublicOrigin(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(
      `PUBLIC_ORIGIN must be a URL such as https://portal.example, not ${JSON.stringify(value)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_ORIGIN must be an http or https URL, not ${JSON.stringify(value)}`);
  return url.origin;
}
