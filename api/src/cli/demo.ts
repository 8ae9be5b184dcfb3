// `npm run demo`: a small, realistic demo club loaded through the same commands users run, so a newcomer
// can log in and click around. Safe to run again: everything it does is recognised and skipped.
//
//   0900000001 / demo1234  陳社長  staff (社長) and member, holds every management authority
//   0900000002 / demo1234  林小美  member with a balance of 1,000 and 3 contribution points
//   0900000003 / demo1234  張志明  lapsed member: paid last semester, not this one
//   0900000004 / demo1234  黃雅婷  applicant: registered, never a member
import { authorityKeys } from '@club/core/access/authorities';
import { previousSemester, semesterOf, taipeiDate } from '@club/core/semester';
import { findUserByLogin } from '@club/projections';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import type { PortalServices } from '../services.ts';
import { cliContext, withServices } from './services.ts';

const PASSWORD = 'demo1234';

const people = [
  {
    key: 'head',
    name: '陳社長',
    sex: '1',
    stuid: 'B10000001',
    mobile: '0900000001',
    email: 'head@demo.club',
  },
  {
    key: 'member',
    name: '林小美',
    sex: '2',
    stuid: 'B10000002',
    mobile: '0900000002',
    email: 'mei@demo.club',
  },
  {
    key: 'lapsed',
    name: '張志明',
    sex: '1',
    stuid: 'B10000003',
    mobile: '0900000003',
    email: 'ming@demo.club',
  },
  {
    key: 'applicant',
    name: '黃雅婷',
    sex: '2',
    stuid: 'B10000004',
    mobile: '0900000004',
    email: 'ting@demo.club',
  },
] as const;

async function registerOnce(services: PortalServices, person: (typeof people)[number]): Promise<number> {
  const existing = findUserByLogin(services.projections.models.users, person.mobile);
  if (existing) return existing.pk;
  const result = await services.accounts.register(
    {
      identity: 1,
      ...person,
      grade: '大二',
      department: '資訊工程學系',
      password: PASSWORD,
      password2: PASSWORD,
      ruleagree: true,
    },
    cliContext(services, 'demo'),
  );
  if (!result.ok) throw new Error(`demo registration of ${person.name} refused: ${result.reason}`);
  await services.projections.waitFor(result.position);
  return result.pk;
}

await withServices(async (services, clock) => {
  const pk: Record<string, number> = {};
  for (const person of people) pk[person.key] = await registerOnce(services, person);

  // The lapsed member paid last semester: book it at a moment inside that semester.
  const last = previousSemester(semesterOf(new Date()));
  clock.now = new Date(last.start.getTime() + 10 * 24 * 60 * 60 * 1000);
  await recordMemberFeeByOperator(services, pk.lapsed!);
  clock.now = null;

  await recordMemberFeeByOperator(services, pk.head!);
  await recordMemberFeeByOperator(services, pk.member!);
  const founder = authorityKeys.filter((key) => key !== 'allowdebt' && key !== 'errormember');
  await makeStaffByOperator(services, pk.head!, '社長', founder);

  // The head took 1,000 in cash from the member and added it to her balance.
  const now = services.now();
  const topUp = await services.ledger.addValue({
    now,
    actorPk: pk.head!,
    transferId: 'demo-member-topup',
    staffPk: pk.head!,
    userPk: pk.member!,
    amountCents: 100_000,
    summary: '現金儲值',
  });
  if (!topUp.ok) throw new Error(`demo top-up refused: ${topUp.reason}`);

  // Three hours of club-office duty, entered by the head (point authority: valid at once).
  const hasPoints = (services.projections.models.points.byRecipient.get(pk.member!)?.size ?? 0) > 0;
  if (!hasPoints) {
    const result = await services.points.request(
      {
        actorPk: pk.head!,
        actorIsStaff: true,
        actorHasPointAuthority: true,
        workdate: taipeiDate(now),
        recipientPk: pk.member!,
        kind: 'club_room',
        reason: '社辦值班三小時',
        amountHundredths: 300,
      },
      { ...cliContext(services, 'demo-points'), actor: String(pk.head) },
    );
    if (!result.ok) throw new Error(`demo points refused: ${JSON.stringify(result)}`);
  }
  await services.projections.waitFor(await services.store.headPosition());

  console.log('Demo club ready. Log in with password demo1234 as:');
  console.log('  0900000001  陳社長  staff and member (every management authority)');
  console.log('  0900000002  林小美  member with a balance and points');
  console.log('  0900000003  張志明  lapsed member (pay the fee)');
  console.log('  0900000004  黃雅婷  applicant (never a member)');
});
