// E-mail end to end with real parts: the portal (real SQLite), real Redis queues, the e-mail worker, and
// a real SMTP server on loopback. Each portal uses a queue prefix of its own.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { EventStore } from '@club/core/eventstore/port';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { mailStream } from '@club/core/mail/events';
import { createEmailSender } from '@club/workers/processors/email';
import { QueueService } from '@club/workers/queues';
import { closeRedisConnection, createRedisConnection } from '@club/workers/redis';
import { type RunningWorkers, startWorkers } from '@club/workers/workers';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../config.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

interface MailPortal {
  portal: TestPortal;
  admin: TestPerson;
  close(): Promise<void>;
  /** Replaces the portal's queue service (as main.ts attaches one after start). */
  attachQueues(): void;
}

/** A portal with queues on its own prefix and an e-mail worker sending to `smtpUrl`. */
async function mailPortal(
  config: Partial<PortalConfig>,
  options: { workerSmtpUrl?: string; withQueues?: boolean } = {},
): Promise<MailPortal> {
  const prefix = `test-mail-${randomUUID().slice(0, 8)}`;
  const queues = new QueueService({ url: redisUrl, prefix, logger: quiet });
  const portal = await createTestPortal({
    config,
    ...(options.withQueues === false ? {} : { queues }),
    mailRetry: { attempts: 3, backoff: { type: 'fixed', delay: 200 } },
  });
  let workerConnection: Redis | undefined;
  let workers: RunningWorkers | undefined;
  const workerSmtpUrl = options.workerSmtpUrl ?? config.smtpUrl;
  if (workerSmtpUrl) {
    workerConnection = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
    workers = startWorkers({
      connection: workerConnection,
      prefix,
      logger: quiet,
      processors: { email: createEmailSender({ smtpUrl: workerSmtpUrl, from: 'Club <club@example.org>' }) },
    });
  }
  const admin = await signUpStaff(portal, '系統管理員', ['system']);
  return {
    portal,
    admin,
    attachQueues: () => {
      portal.app.services.queues = queues;
    },
    async close() {
      await workers?.close();
      if (workerConnection) await closeRedisConnection(workerConnection);
      await portal.close();
      await queues.close();
      const cleanup = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
      const keys = await cleanup.keys(`${prefix}:*`);
      if (keys.length > 0) await cleanup.del(...keys);
      await closeRedisConnection(cleanup);
    },
  };
}

type LogRow = { pk: number; to: string; subject: string; result: number; errormsg: string };

/** Polls the e-mail log page until a row for `to` satisfies `done`. */
async function logRowOf(
  mail: MailPortal,
  to: string,
  done: (row: LogRow) => boolean,
  timeoutMs = 15_000,
): Promise<LogRow> {
  const deadline = Date.now() + timeoutMs;
  let last: LogRow | undefined;
  for (;;) {
    const answer = await mail.admin.client.get('/api/admin/system/email/log/1');
    expect(answer.body.status).toBe('ok');
    last = (answer.body.loglist as LogRow[]).find((row) => row.to === to);
    if (last && done(last)) return last;
    if (Date.now() > deadline) throw new Error(`e-mail log row for ${to}: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const linkIn = (text: string) => {
  const link = /http:\/\/\S+\/user\/password\/reset\/(\S+)/.exec(text);
  if (!link) throw new Error(`no reset link in: ${text}`);
  return { link: link[0], token: link[1]! };
};

describe('e-mail through a real SMTP peer', () => {
  let smtp: SmtpPeer;
  let mail: MailPortal;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    mail = await mailPortal({ smtpUrl: smtp.url, fbGroupUrl: 'https://groups.example.org/club' });
  });
  afterAll(async () => {
    await mail?.close();
    await smtp?.close();
  });

  describe('POST /api/user/register', () => {
    it('sends the welcome mail with the group link, and the e-mail log shows it sent', async () => {
      const person = await signUp(mail.portal, '陳歡迎', { email: 'welcome@example.com' });
      const received = await smtp.next((m) => m.to.includes(person.email));
      expect(received.subject).toContain('歡迎加入攝影社');
      expect(received.subject).toContain('Welcome');
      expect(received.text).toContain('https://groups.example.org/club');
      expect(received.text).toContain('陳歡迎');
      const row = await logRowOf(mail, person.email, (r) => r.result === 1);
      expect(row.errormsg).toBe('');
    });
  });

  describe('POST /api/admin/cash/addvalue', () => {
    it('mails the member a receipt with the amount', async () => {
      const cashier = await signUpStaff(mail.portal, '收銀幹部', ['addvalue']);
      const person = await signUp(mail.portal, '劉收據', { email: 'receipt@example.com' });
      const added = await cashier.client.post('/api/admin/cash/addvalue', { userpk: person.pk, amount: 500 });
      expect(added.body.status).toBe('ok');
      const receipt = await smtp.next((m) => m.to.includes(person.email) && m.subject.includes('收據'));
      expect(receipt.subject).toContain('櫃台儲值');
      expect(receipt.text).toContain('500 NTD');
    });
  });

  describe('POST /api/user/password/forgot and POST /api/user/password/reset', () => {
    it('answers the same for an unknown e-mail and mails nothing', async () => {
      const before = smtp.mails.length;
      const unknown = await mail.portal
        .client()
        .post('/api/user/password/forgot', { email: 'nobody@example.com' });
      expect(unknown.body).toEqual({ status: 'ok' });
      const log = await mail.admin.client.get('/api/admin/system/email/log/1');
      expect((log.body.loglist as LogRow[]).some((row) => row.to === 'nobody@example.com')).toBe(false);
      expect(smtp.mails.length).toBe(before);
    });

    it('mails a link that sets the password once, and not a second time', async () => {
      const person = await signUp(mail.portal, '林忘記', { email: 'forgot@example.com' });
      const visitor = mail.portal.client();
      const asked = await visitor.post('/api/user/password/forgot', { email: 'Forgot@Example.com' });
      expect(asked.body).toEqual({ status: 'ok' });
      const received = await smtp.next((m) => m.to.includes(person.email) && m.subject.includes('重設密碼'));
      const { token } = linkIn(received.text);

      const reset = await visitor.post('/api/user/password/reset', {
        token,
        password: 'newsecret',
        password2: 'newsecret',
      });
      expect(reset.body).toEqual({ status: 'ok' });
      const login = await mail.portal
        .client()
        .post('/api/user/login', { user: person.mobile, password: 'newsecret' });
      expect(login.body.status).toBe('ok');
      const old = await mail.portal
        .client()
        .post('/api/user/login', { user: person.mobile, password: 'secret1' });
      expect(old.body.reason).toBe('wrong');

      const again = await visitor.post('/api/user/password/reset', {
        token,
        password: 'another1',
        password2: 'another1',
      });
      expect(again.body).toEqual({ status: 'fail', reason: 'token_used' });
      const altered = await visitor.post('/api/user/password/reset', {
        token: `${token.slice(0, -2)}xx`,
        password: 'another1',
        password2: 'another1',
      });
      expect(altered.body).toEqual({ status: 'fail', reason: 'token_invalid' });
    });

    it('refuses a link after 30 minutes, and a short password', async () => {
      const person = await signUp(mail.portal, '張過期', { email: 'late@example.com' });
      await mail.portal.client().post('/api/user/password/forgot', { email: person.email });
      const received = await smtp.next((m) => m.to.includes(person.email) && m.subject.includes('重設密碼'));
      const { token } = linkIn(received.text);
      const visitor = mail.portal.client();
      const short = await visitor.post('/api/user/password/reset', {
        token,
        password: 'abc',
        password2: 'abc',
      });
      expect(short.body).toEqual({ status: 'fail', reason: 'password_format' });
      mail.portal.clock.now = new Date(mail.portal.clock.now.getTime() + 31 * 60_000);
      const late = await visitor.post('/api/user/password/reset', {
        token,
        password: 'newsecret',
        password2: 'newsecret',
      });
      expect(late.body).toEqual({ status: 'fail', reason: 'token_expired' });
      const login = await mail.portal
        .client()
        .post('/api/user/login', { user: person.mobile, password: 'secret1' });
      expect(login.body.status).toBe('ok');
    });

    it('sends at most 3 reset mails an hour to one address', async () => {
      const person = await signUp(mail.portal, '吳頻繁', { email: 'often@example.com' });
      for (let n = 0; n < 5; n++) {
        const asked = await mail.portal.client().post('/api/user/password/forgot', { email: person.email });
        expect(asked.body).toEqual({ status: 'ok' });
      }
      await smtp.next((m) => m.to.includes(person.email) && m.subject.includes('重設密碼'));
      const requested = (await mail.portal.store.readAll()).filter(
        (event) =>
          event.type === 'PasswordResetRequested' && (event.data as { userPk: number }).userPk === person.pk,
      );
      expect(requested).toHaveLength(3);
    });
  });
});

describe('e-mail when the SMTP server is down', () => {
  let mail: MailPortal;
  let closedPortUrl: string;

  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    closedPortUrl = `smtp://127.0.0.1:${port}`;
    mail = await mailPortal({ smtpUrl: closedPortUrl });
  });
  afterAll(async () => {
    await mail?.close();
  });

  it('records MailFailed with the error after retrying with backoff', async () => {
    const person = await signUp(mail.portal, '周失敗', { email: 'down@example.com' });
    const row = await logRowOf(mail, person.email, (r) => r.result === 0, 20_000);
    expect(row.errormsg).toMatch(/ECONNREFUSED/);
    const events = await mail.portal.store.readAll();
    const failed = events.find((event) => event.type === 'MailFailed');
    expect(failed?.data).toMatchObject({ attempts: 3 });
    // Three attempts, 200 ms apart at least: the failure was recorded after the backoff, not at once.
    const queued = events.find((event) => event.type === 'MailQueued' && event.stream === failed?.stream);
    expect(queued).toBeDefined();
    expect(mailStream((failed!.data as { mailId: string }).mailId)).toBe(failed!.stream);
  });
});

describe('e-mail without SMTP_URL', () => {
  let mail: MailPortal;
  beforeAll(async () => {
    mail = await mailPortal({ smtpUrl: undefined });
  });
  afterAll(async () => {
    await mail?.close();
  });

  it('logs the mail as not sent', async () => {
    const person = await signUp(mail.portal, '鄭未寄', { email: 'nosmtp@example.com' });
    const row = await logRowOf(mail, person.email, (r) => r.result === 2);
    expect(row.errormsg).toBe('SMTP_URL not set');
  });
});

describe('e-mail while the portal has no queues yet', () => {
  let smtp: SmtpPeer;
  let mail: MailPortal;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    mail = await mailPortal({ smtpUrl: smtp.url }, { withQueues: false });
  });
  afterAll(async () => {
    await mail?.close();
    await smtp?.close();
  });

  it('keeps the mail queued in the log and sends it once the queues are there', async () => {
    const person = await signUp(mail.portal, '蔡等待', { email: 'later@example.com' });
    const waiting = await logRowOf(mail, person.email, (r) => r.result === 3);
    expect(waiting.errormsg).toBe('');
    mail.attachQueues();
    await smtp.next((m) => m.to.includes(person.email), 20_000);
    await logRowOf(mail, person.email, (r) => r.result === 1);
  });
});

describe('e-mail across a restart', () => {
  let smtp: SmtpPeer;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    dataDir = mkdtempSync(join(tmpdir(), 'club-mail-'));
  });
  afterAll(async () => {
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends at the next start a mail that was queued while the portal had no queues', async () => {
    const file = join(dataDir, 'events.sqlite3');
    const first = await createTestPortal({
      store: openSqliteEventStore({ file }),
      dataDir,
      config: { smtpUrl: smtp.url },
    });
    const person = await signUp(first, '許重啟', { email: 'restart@example.com' });
    await waitForEvent(first, 'MailQueued');
    await first.close();
    expect(smtp.mails).toHaveLength(0);

    const second = await mailPortalOn(openSqliteEventStore({ file }), dataDir, smtp.url);
    try {
      const received = await smtp.next((m) => m.to.includes(person.email));
      expect(received.subject).toContain('歡迎加入攝影社');
      expect(smtp.mails.filter((m) => m.to.includes(person.email))).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 30_000);
});

async function waitForEvent(portal: TestPortal, type: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await portal.store.readAll()).some((event) => event.type === type)) {
    if (Date.now() > deadline) throw new Error(`no ${type} event`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A portal with queues and an e-mail worker on an existing store and data folder. */
async function mailPortalOn(store: EventStore, dataDir: string, smtpUrl: string) {
  const prefix = `test-mail-${randomUUID().slice(0, 8)}`;
  const queues = new QueueService({ url: redisUrl, prefix, logger: quiet });
  const workerConnection = createRedisConnection({ role: 'worker', url: redisUrl, logger: quiet });
  const workers = startWorkers({
    connection: workerConnection,
    prefix,
    logger: quiet,
    processors: { email: createEmailSender({ smtpUrl, from: 'Club <club@example.org>' }) },
  });
  const portal = await createTestPortal({ store, dataDir, queues, config: { smtpUrl } });
  return {
    portal,
    async close() {
      await workers.close();
      await closeRedisConnection(workerConnection);
      await portal.close();
      await queues.close();
    },
  };
}
