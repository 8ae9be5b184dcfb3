// The demo's darkroom sessions (issue 16 §4): a finished session of the member's two days ago (b/w film,
// b/w enlarging, a chemical used), and one going on now, so AdminDarkroomLog shows an ongoing row without
// an end time and the member's page shows the preview. Fixed session ids: safe to run again.
import { semesterOf } from '@club/core/semester';
import type { PortalServices } from '../services.ts';

const HOUR_MS = 3_600_000;

export async function loadDemoDarkroomSessions(
  services: PortalServices,
  people: { head: number; member: number },
): Promise<void> {
  const sessions = services.darkroomSessions;
  const known = services.projections.models.darkroomSessions.byId;
  const now = Date.now();
  const at = (hoursAgo: number) => ({
    now: new Date(now - hoursAgo * HOUR_MS),
    actor: null,
    correlationId: `demo-darkroom-${hoursAgo}`,
  });
  const member = people.member;
  if (!known.has('demo-session-1')) {
    const start = at(50);
    const semester = semesterOf(start.now).tag;
    await sessions.handle(
      member,
      { type: 'CheckIn', sessionId: 'demo-session-1', userPk: member, semester, byPk: member },
      start,
    );
    for (const [lineId, kind, format, quantity] of [
      ['l1', 0, '135', 4],
      ['l2', 0, '120', 2],
      ['l3', 1, '8x10', 6],
    ] as const)
      await sessions.handle(
        member,
        { type: 'AddLine', sessionId: 'demo-session-1', line: { lineId, kind, format, quantity } },
        start,
      );
    await sessions.handle(
      member,
      {
        type: 'UseChemical',
        sessionId: 'demo-session-1',
        use: { useId: 'u1', chemicalPk: 4, volumeMl: 300 },
      },
      start,
    );
    await sessions.checkOut(member, 'demo-session-1', member, at(47));
  }
  if (!known.has('demo-session-2')) {
    const start = at(0.5);
    await sessions.handle(
      member,
      {
        type: 'CheckIn',
        sessionId: 'demo-session-2',
        userPk: member,
        semester: semesterOf(start.now).tag,
        // Checked in at the counter by the head.
        byPk: people.head,
      },
      start,
    );
    await sessions.handle(
      member,
      {
        type: 'AddLine',
        sessionId: 'demo-session-2',
        line: { lineId: 'l1', kind: 0, format: '135', quantity: 8 },
      },
      start,
    );
  }
  await services.projections.waitFor(await services.store.headPosition());
}
