import { QueueService } from '@club/workers/queues';
import { describe, expect, it } from 'vitest';
import { application, createTestPortal } from './testing.ts';

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
