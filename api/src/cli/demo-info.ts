// The demo's network storage and room-booking helper: 林小美 has a NAS account, and the head has left a
// wish for next week's evening talk, which the simulated booking host books at 10:00:00 (or at 立即送出).
// Safe to run again: the account is assigned once, and the wish id is fixed (a second add is 'exists').
import { taipeiDate } from '@club/core/semester';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

export const DEMO_NAS_USER = 'lin.xiaomei';
export const DEMO_NAS_PASSWORD = 'nas-demo-2026';

export async function loadDemoInfo(services: PortalServices, people: { head: number; member: number }) {
  const account = await services.nas.account(people.member);
  if (account.nasuser === null) {
    const assigned = await services.nas.assign(
      { userPk: people.member, nasuser: DEMO_NAS_USER, password: DEMO_NAS_PASSWORD, byPk: people.head },
      { ...cliContext(services, 'demo-nas'), actor: String(people.head) },
    );
    if (!assigned.ok) throw new Error(`demo NAS account refused: ${assigned.reason}`);
  }
  const nextWeek = taipeiDate(new Date(services.now().getTime() + 7 * 86_400_000));
  const wish = await services.actplace.add(
    {
      wishId: `demo-${nextWeek}`,
      date: nextWeek,
      timeslot: 'evening',
      name: '暗房技法分享會',
      ntup: 40,
      choicelist: ['sac-201', 'sac-202', 'gen-101'],
    },
    people.head,
    { ...cliContext(services, 'demo-actplace'), actor: String(people.head) },
  );
  if (!wish.ok && wish.reason !== 'exists') throw new Error(`demo wish refused: ${wish.reason}`);
}
