// The president vote through the whole app: staff open a two-ballot vote for this semester's members;
// members vote once; the log is read whole to show that no event of the vote names or can be joined to a
// member, and a member's concurrent double vote counts once.
import { portalProjections, rebuildAll } from '@club/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

const opensAt = new Date('2026-11-23T01:00:00Z');
const closesAt = new Date('2026-11-23T09:00:00Z');
const during = new Date('2026-11-23T04:00:00Z');
let portal: TestPortal;
let staff: TestPerson;
let members: TestPerson[];
let outsider: TestPerson;
let voteId: string;

beforeAll(async () => {
  portal = await createTestPortal({ now: new Date('2026-11-23T00:00:00Z') });
  staff = await signUpStaff(portal, '選委會');
  members = [];
  for (const name of ['投票甲', '投票乙', '投票丙', '投票丁']) {
    const person = await signUp(portal, name);
    await recordMemberFeeByOperator(portal.app.services, person.pk);
    members.push(person);
  }
  outsider = await signUp(portal, '非社員');
  const opened = await staff.client.post('/api/admin/vote', {
    title: '第 30 屆社長選舉',
    ballots: [
      { title: '王小明', kind: 'candidate' },
      { title: '社規修正案', kind: 'motion' },
    ],
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
  });
  expect(opened.body.status).toBe('ok');
  voteId = String(opened.body.voteId);
});

afterAll(() => portal.close());

describe('GET /api/vote', () => {
  it('says votestatus 0 and before until the period starts, for members only', async () => {
    const page = await members[0]!.client.get('/api/vote');
    expect(page.body).toMatchObject({
      status: 'ok',
      votestatus: 0,
      votes: 2,
      reason: 'before',
      result: null,
    });
    expect((await outsider.client.get('/api/vote')).statusCode).toBe(403);
  });
});

describe('POST /api/vote', () => {
  it('refuses before the period with before', async () => {
    const answer = await members[0]!.client.post('/api/vote', { radio1: 'approve', radio2: 'approve' });
    expect(answer.body).toMatchObject({ status: 'fail', reason: 'before' });
  });

  it('takes one vote per member, refuses a second with already and an unchosen ballot with unchosen', async () => {
    portal.clock.now = during;
    const unchosen = await members[0]!.client.post('/api/vote', { radio1: 'approve' });
    expect(unchosen.body).toMatchObject({ status: 'fail', reason: 'unchosen' });
    const first = await members[0]!.client.post('/api/vote', { radio1: 'approve', radio2: 'reject' });
    expect(first.body).toMatchObject({
      status: 'ok',
      finish: true,
      votestatus: 1,
      reason: 'already',
      result: null,
    });
    expect(first.body.finishlist).toEqual([{ pk: members[0]!.pk, name: '投票甲' }]);
    const second = await members[0]!.client.post('/api/vote', { radio1: 'reject', radio2: 'reject' });
    expect(second.body).toMatchObject({ status: 'fail', reason: 'already' });
    expect(
      (await members[1]!.client.post('/api/vote', { radio1: 'approve', radio2: 'void' })).body.status,
    ).toBe('ok');
  });

  it('counts one vote when a member votes from several requests at once, and the store refused the others', async () => {
    const before = portal.app.services.votes.claimConflicts;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        members[2]!.client.post('/api/vote', { radio1: 'reject', radio2: 'approve' }),
      ),
    );
    expect(answers.filter((answer) => answer.body.status === 'ok')).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.body.status === 'fail' && answer.body.reason === 'already'),
    ).toHaveLength(7);
    const conflicts = portal.app.services.votes.claimConflicts - before;
    // The requests raced into the store: at least one lost at the claim's "no stream" append.
    expect(conflicts).toBeGreaterThan(0);
    const box = await portal.store.readStream(`vote-box-${voteId}`);
    expect(box).toHaveLength(3);
  });

  it('refuses a person who was no member of the semester with notmember', async () => {
    // The outsider pays nothing; the route itself is for members, so the check is on the service.
    const answer = await portal.app.services.votes.cast(
      voteId,
      { userPk: outsider.pk, eligible: false },
      ['approve', 'approve'],
      during,
    );
    expect(answer).toEqual({ ok: false, reason: 'notmember' });
  });

  it('shows the result once the vote is over, and refuses with after', async () => {
    portal.clock.now = closesAt;
    const late = await members[3]!.client.post('/api/vote', { radio1: 'approve', radio2: 'approve' });
    expect(late.body).toMatchObject({ status: 'fail', reason: 'after', votestatus: 2 });
    const page = await members[3]!.client.get('/api/vote');
    expect(page.body).toMatchObject({ votestatus: 2, reason: 'after' });
    expect(page.body.result).toEqual([
      { title: '王小明', approve: 2, reject: 1, void: 0 },
      { title: '社規修正案', approve: 1, reject: 1, void: 1 },
    ]);
    expect((page.body.finishlist as { pk: number }[]).map((row) => row.pk)).toEqual(
      members.slice(0, 3).map((member) => member.pk),
    );
  });
});

describe('the secret ballot in the log', () => {
  it('has no event of the vote that names a voter, shares their request or carries their time', async () => {
    const log = await portal.store.readAll();
    const voterPks = new Set(members.map((member) => String(member.pk)));
    const voting = log.filter((event) =>
      ['VoterVoted', 'VoterClaimReleased', 'BallotCast'].includes(event.type),
    );
    expect(voting.filter((event) => event.type === 'BallotCast')).toHaveLength(3);
    expect(voting.filter((event) => event.type === 'VoterVoted')).toHaveLength(3);
    // The events members' requests wrote elsewhere (registration, login, fees): their correlation ids.
    const otherCorrelations = new Set(
      log.filter((event) => !voting.includes(event)).map((event) => event.metadata.correlationId),
    );
    const seen = new Set<string>();
    for (const event of voting) {
      const { metadata } = event;
      expect(metadata.actor).toBeNull();
      expect(metadata.causationId).toBeNull();
      expect(metadata.scope).toBeUndefined();
      expect(metadata.ip).toBeUndefined();
      expect(metadata.time).toBe(opensAt.toISOString());
      expect(otherCorrelations.has(metadata.correlationId)).toBe(false);
      expect(seen.has(metadata.correlationId)).toBe(false);
      seen.add(metadata.correlationId);
      // The data holds the vote and the choices or a keyed hash: no pk, name or other field of a person.
      expect(Object.keys(event.data as object).sort()).toEqual(
        event.type === 'BallotCast' ? ['choices', 'voteId'] : ['claim', 'voteId'],
      );
      const text = JSON.stringify(event);
      for (const member of members) {
        expect(text).not.toContain(member.name);
        expect(text).not.toContain(member.stuid);
        expect(text).not.toContain(`-${member.pk}"`);
      }
      expect(voterPks.has(String(metadata.actor))).toBe(false);
    }
    // Ballots and claims share nothing to join on: no id, correlation or data value in common.
    const ballots = voting.filter((event) => event.type === 'BallotCast');
    const claims = voting.filter((event) => event.type === 'VoterVoted');
    for (const ballot of ballots)
      for (const claim of claims) {
        expect(ballot.metadata.correlationId).not.toBe(claim.metadata.correlationId);
        expect(ballot.metadata.time).toBe(claim.metadata.time);
      }
  });
});

describe('the vote and sign-in read models', () => {
  it('rebuilt from zero equal the live ones after votes and a sign-in', async () => {
    portal.clock.now = during;
    const sheet = await staff.client.post('/api/admin/signin', { title: '開票說明會', code: '' });
    const pk = (sheet.body.signin as { pk: number }).pk;
    expect((await members[3]!.client.post('/api/signin', { signin: pk })).body.status).toBe('ok');
    const live = portal.app.services.projections;
    await live.waitFor(await portal.store.headPosition());
    const rebuilt = await rebuildAll(portal.store, portalProjections);
    expect(rebuilt.models.vote).toEqual(live.models.vote);
    expect(rebuilt.models.signIn).toEqual(live.models.signIn);
    expect(rebuilt.models.vote.byId.get(voteId)?.ballotsCast).toBe(3);
  });
});
