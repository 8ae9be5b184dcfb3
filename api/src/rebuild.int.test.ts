import { describe, expect, it } from 'vitest';
import { portalProjections, rebuildAll } from '@club/projections';
import { application, createTestPortal } from './testing.ts';

describe('read models', () => {
  it('rebuilt from zero equal the live ones after real traffic', async () => {
    const portal = await createTestPortal();
    try {
      const client = portal.client();
      for (let index = 0; index < 5; index++) {
        await client.post(
          '/api/user/register',
          application({
            mobile: `091234567${index}`,
            stuid: `B1234567${index}`,
            email: `user${index}@example.com`,
          }),
        );
      }
      await client.post('/api/user/register', application({ mobile: '0912345670' })); // a duplicate: refused
      await client.post('/api/user/login', { user: '0912345671', password: 'wrong!!' });
      await client.post('/api/user/login', { user: '0912345672', password: 'secret1' });
      await client.put('/api/user/settings/update', { settings: { lang: 'en' } });
      await client.put('/api/user/change/password', { oldpassword: 'secret1', newpassword: 'another1' });

      const live = portal.app.services.projections;
      await live.waitFor(await portal.store.headPosition());
      const rebuilt = await rebuildAll(portal.store, portalProjections);
      expect(rebuilt.position).toBe(live.position);
      expect(rebuilt.models).toEqual(live.models);
      expect(rebuilt.models.users.byPk.size).toBe(5);
    } finally {
      await portal.close();
    }
  });
});
