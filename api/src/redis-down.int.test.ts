import { QueueService } from '@club/workers/queues';
import { describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from './bootstrap.ts';
import { application, createTestPortal, signUp } from './testing.ts';

describe('without Redis', () => {
  it('still serves registration, login and the user check, and reports Redis down', async () => {
    const portal = await createTestPortal();
    // Nothing listens on this port: the queues are unreachable for the whole test.
    const queues = new QueueService({
      url: 'redis://127.0.0.1:6390',
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    portal.app.services.queues = queues;
    try {
      const health = await portal.client().get('/api/health');
      expect(health.body).toMatchObject({ status: 'ok', redis: 'down' });
      const client = portal.client();
      expect((await client.post('/api/user/register', application())).body.status).toBe('ok');
      expect(
        (await client.post('/api/user/login', { user: '0912345678', password: 'secret1' })).body.status,
      ).toBe('ok');
      expect(((await client.get('/api/user/check')).body.user as { name: string }).name).toBe('王小明');
      expect(await queues.enqueueOrServiceDown('label-render', { label: 'r1' }, { jobId: 'r1' })).toEqual({
        ok: false,
        reason: 'servicedown',
      });
    } finally {
      await queues.close();
      await portal.close();
    }
  });
});

describe('POST /api/open/door without a device link', () => {
  it('answers servicedown unreachable at once and logs result 0', async () => {
    const portal = await createTestPortal({ now: new Date('2026-11-23T10:00:00+08:00') });
    try {
      const member = await signUp(portal, '沒有門禁的社員');
      await recordMemberFeeByOperator(portal.app.services, member.pk);
      const started = performance.now();
      const answer = await member.client.post('/api/open/door', { requestId: 'no-link' });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(answer.body).toMatchObject({ status: 'fail', reason: 'servicedown', detail: 'unreachable' });
      expect(answer.body.loglist).toEqual([expect.objectContaining({ result: 0, mine: true })]);
    } finally {
      await portal.close();
    }
  });
});
