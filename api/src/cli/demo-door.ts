// The demo's door: 林小美 may press the web button (webopendoor), and the door log has a day of attempts
// with each result (1 opened, 0 cannot connect, 2 outside the hours), recorded through the door service at
// past moments with a stand-in door, so the page and the opendoor log are alive. Safe to run again: the
// request ids are fixed, so a second run replays each attempt and records nothing new.
import type { DoorOutcome } from '@club/core/door/decider';
import type { DoorDevicePort } from '@club/core/door/service';
import { semesterOf } from '@club/core/semester';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Yesterday at `hour:minute` Taipei time. */
function yesterdayAt(now: Date, hour: number, minute: number): Date {
  const taipeiMidnight =
    Math.floor((now.getTime() + 8 * HOUR_MS) / (24 * HOUR_MS)) * 24 * HOUR_MS - 8 * HOUR_MS;
  return new Date(taipeiMidnight - 24 * HOUR_MS + hour * HOUR_MS + minute * 60_000);
}

const standInDoor = (outcome: DoorOutcome): DoorDevicePort => ({
  open: async () => (outcome === 'opened' ? { outcome } : { outcome, error: 'demo: the door host was down' }),
});

export async function loadDemoDoor(
  services: PortalServices,
  clock: { now: Date | null },
  people: { head: number; member: number },
): Promise<void> {
  const now = new Date();
  const granted = await services.access.addGrant(
    {
      key: 'webopendoor',
      userPk: people.member,
      staffKeyword: null,
      actorAuthorities: ['auth'],
      semesters: [semesterOf(now).tag],
    },
    cliContext(services, 'demo-webopendoor'),
  );
  if (!granted.ok && granted.reason !== 'duplicated')
    throw new Error(`demo webopendoor grant refused: ${granted.reason}`);

  const attempts = [
    { id: 'demo-door-1', userPk: people.member, at: yesterdayAt(now, 9, 12), outcome: 'opened' },
    { id: 'demo-door-2', userPk: people.head, at: yesterdayAt(now, 13, 40), outcome: 'opened' },
    { id: 'demo-door-3', userPk: people.member, at: yesterdayAt(now, 18, 3), outcome: 'unreachable' },
    { id: 'demo-door-4', userPk: people.member, at: yesterdayAt(now, 18, 4), outcome: 'opened' },
    // 21:55 is inside the last 10 minutes of a term day: refused as outside the hours (result 2).
    { id: 'demo-door-5', userPk: people.member, at: yesterdayAt(now, 21, 55), outcome: 'opened' },
  ] as const;
  for (const attempt of attempts) {
    clock.now = attempt.at;
    const answer = await services.door.open(
      { requestId: attempt.id, userPk: attempt.userPk, simple: false, opener: 'member' },
      standInDoor(attempt.outcome),
      { ...cliContext(services, `demo-door-${attempt.id}`), actor: String(attempt.userPk) },
    );
    if (!answer.ok) throw new Error(`demo door attempt ${attempt.id} refused: ${answer.reason}`);
  }
  clock.now = null;
}
