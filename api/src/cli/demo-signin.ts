// The demo's sign-in sheets and vote: an open sheet with a secret word for 林小美 to sign in on, the
// darkroom workshop of this semester with 林小美 on its roster and three past classes (she came to two),
// and a president vote open for a week. Safe to run again: every command has a fixed id, so a second run
// records nothing new (sheets and the vote keep the periods of the first run).
import { semesterOf } from '@club/core/semester';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const DEMO_SIGNIN_CODE = '2580';

export async function loadDemoSignIn(
  services: PortalServices,
  clock: { now: Date | null },
  people: { head: number; member: number },
): Promise<void> {
  const now = new Date();
  const semester = semesterOf(now).tag;
  const as = (label: string) => ({
    ...cliContext(services, label),
    actor: String(people.head),
    commandId: label,
  });

  const open = await services.signIns.createSheet(
    { title: '社課：黑白底片沖洗', code: DEMO_SIGNIN_CODE, workshop: null, actorPk: people.head },
    as('demo-signin-open-sheet'),
  );
  if (!open.ok) throw new Error(`demo sheet refused: ${open.reason}`);

  const roster = await services.access.addWorkshopEntry(
    { semester, userPk: people.member, kind: 1, actorAuthorities: ['workshopset'] },
    cliContext(services, 'demo-workshop-roster'),
  );
  if (!roster.ok && roster.reason !== 'duplicated')
    throw new Error(`demo workshop entry refused: ${roster.reason}`);
  for (const [index, daysAgo] of [21, 14, 7].entries()) {
    const opensAt = new Date(now.getTime() - daysAgo * DAY_MS);
    const label = `demo-signin-workshop-${index + 1}`;
    const sheet = await services.signIns.createSheet(
      {
        title: `暗房工作坊 第 ${index + 1} 堂`,
        code: '',
        opensAt,
        closesAt: new Date(opensAt.getTime() + 3 * HOUR_MS),
        workshop: { semester, kind: 1 },
        actorPk: people.head,
      },
      as(label),
    );
    if (!sheet.ok) throw new Error(`demo workshop sheet refused: ${sheet.reason}`);
    if (index === 1) continue; // she missed the second class
    const stored = await services.signIns.sheet(sheet.sheetId);
    if (!stored) throw new Error(`demo sheet ${sheet.sheetId} not stored`);
    clock.now = new Date(Date.parse(stored.opensAt) + HOUR_MS);
    const signed = await services.signIns.signIn(stored, people.member, '', {
      ...cliContext(services, `${label}-member`),
      actor: String(people.member),
    });
    if (!signed.ok && signed.reason !== 'exists') throw new Error(`demo sign-in refused: ${signed.reason}`);
    clock.now = null;
  }

  const vote = await services.votes.open(
    {
      title: '社長選舉',
      semester,
      ballots: [
        { title: '社長候選人：林小美', kind: 'candidate' },
        { title: '社規修正案：暗房開放至 22:00', kind: 'motion' },
      ],
      opensAt: now,
      closesAt: new Date(now.getTime() + 7 * DAY_MS),
      actorPk: people.head,
    },
    as('demo-vote'),
  );
  if (!vote.ok) throw new Error(`demo vote refused: ${vote.reason}`);
}
