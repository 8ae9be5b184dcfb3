// The workshop form through the whole app (real SQLite store): the schedule set by workshopset staff,
// drafts page by page, 'check data', 'photos must be 4' and the 5-upload cap, the returning student's
// block, results by workshopset only, and an admitted applicant on the roster with the deposit payable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';
import { makeJpeg, uploadMultipart } from './files-testing.ts';

let portal: TestPortal;
let reviewer: TestPerson;
let plainStaff: TestPerson;
let student: TestPerson;
let other: TestPerson;

const filled = {
  name: '林新生',
  mobile: '0912000111',
  email: 'new@example.com',
  studepartment: '物理系',
  stuid: 'B11200001',
  grade: '1',
  camera: 'digital',
  filmever: 'no',
  darkroomever: 'no',
  choice1: '3',
  choice2: '1',
  availability: '週二、週四晚上',
  photogenre: '街拍',
  cameramodel: 'X100V',
  filmcamera: 'borrow',
  darkroomwhy: '想自己放相片',
  motivation: '想學攝影',
  semester2plan: 'continue',
  agree: 'yes',
};

const upload = async (person: TestPerson, pk: number, count: number) =>
  uploadMultipart(
    portal,
    person,
    { objname: 'workshopform', pk: String(pk), attr: '' },
    await Promise.all(
      Array.from({ length: count }, async (_, index) => ({
        name: `w${index}.jpg`,
        bytes: await makeJpeg(40, 30),
      })),
    ),
  );

const wfOf = async (person: TestPerson) =>
  (await person.client.get('/api/workshop/form')).body.wf as { finishtime: string | null; result: number };

beforeAll(async () => {
  portal = await createTestPortal({ now: new Date('2026-11-23T02:00:00Z') });
  reviewer = await signUpStaff(portal, '學術長', ['workshopset']);
  plainStaff = await signUpStaff(portal, '一般幹部', []);
  student = await signUp(portal, '林新生');
  other = await signUp(portal, '王舊生');
});

afterAll(() => portal.close());

describe('timeschedule', () => {
  it('is not started until workshopset staff open it', async () => {
    const draft = { wf: { fillin: filled }, step: 1, finish: false };
    expect((await student.client.post('/api/workshop/form', draft)).body).toEqual({
      status: 'fail',
      reason: 'notopen',
    });
    const body = { timeschedule: 'open', offered: [1, 3] };
    expect((await plainStaff.client.post('/api/admin/workshop/timeschedule', body)).statusCode).toBe(403);
    expect((await student.client.post('/api/admin/workshop/timeschedule', body)).statusCode).toBe(403);
    expect((await student.client.get('/api/memberhome')).body.showworkshopform).toBe(false);
    expect((await reviewer.client.post('/api/admin/workshop/timeschedule', body)).body.status).toBe('ok');
    // The member home offers the form while the schedule is open.
    expect((await student.client.get('/api/memberhome')).body.showworkshopform).toBe(true);
    expect((await student.client.get('/api/workshop/form')).body).toMatchObject({
      timeschedule: 'open',
      offered: [1, 3],
      wf: null,
      memberuser: { name: '林新生' },
    });
  });
});

describe('the form', () => {
  let pk: number;
  it("saves drafts page by page, refusing empty required answers ('check data')", async () => {
    const bad = await student.client.post('/api/workshop/form', {
      wf: { fillin: { ...filled, mobile: '' } },
      step: 1,
      finish: false,
    });
    expect(bad.body).toEqual({ status: 'fail', reason: 'checkdata' });
    const saved = await student.client.post('/api/workshop/form', {
      wf: { fillin: filled },
      step: 1,
      finish: false,
    });
    expect(saved.body.status).toBe('ok');
    pk = saved.body.pk as number;
    const read = (await student.client.get('/api/workshop/form')).body;
    expect(read.wf).toMatchObject({ pk, finishtime: null, fillin: { mobile: '0912000111' } });
    // Malformed bodies are a 400, never a 500.
    expect((await student.client.post('/api/workshop/form', { wf: 3, step: 9 })).statusCode).toBe(400);
  });

  it("needs exactly 4 photos to submit ('photos must be 4') and takes at most 5 uploads", async () => {
    expect((await upload(student, pk, 3)).body.status).toBe('ok');
    const early = await student.client.post('/api/workshop/form', {
      wf: { fillin: {} },
      step: 6,
      finish: true,
    });
    expect(early.body).toEqual({ status: 'fail', reason: 'photos' });
    expect((await upload(student, pk, 3)).body).toEqual({ status: 'fail', reason: 'photolimit' });
    expect((await upload(other, pk, 1)).statusCode).toBe(403);
    expect((await upload(student, pk, 2)).body.status).toBe('ok');
    const five = (await student.client.get('/api/workshop/form')).body.wf as { imglist: { pk: number }[] };
    expect(five.imglist).toHaveLength(5);
    expect(
      (await other.client.post('/api/workshop/form/removeimg', { formpk: pk, imgpk: five.imglist[0]!.pk }))
        .statusCode,
    ).toBe(403);
    expect(
      (await student.client.post('/api/workshop/form/removeimg', { formpk: pk, imgpk: five.imglist[0]!.pk }))
        .body,
    ).toEqual({ status: 'ok' });
    const done = await student.client.post('/api/workshop/form', {
      wf: { fillin: {} },
      step: 6,
      finish: true,
    });
    expect(done.body).toEqual({ status: 'ok', pk });
    expect((await wfOf(student)).finishtime).not.toBeNull();
  });

  it('blocks a returning workshop student', async () => {
    await recordMemberFeeByOperator(portal.app.services, other.pk);
    const added = await reviewer.client.post('/api/admin/workshop/add/114-2', {
      userSelected: { pk: other.pk },
      workshopKind: 1,
    });
    expect(added.body.status).toBe('ok');
    const read = (await other.client.get('/api/workshop/form')).body;
    expect(read.experience).toMatchObject({ workshopever: true });
    const refused = await other.client.post('/api/workshop/form', {
      wf: { fillin: filled },
      step: 1,
      finish: false,
    });
    expect(refused.body).toEqual({ status: 'fail', reason: 'limit1time' });
  });

  it('lists sign-ups by tab for staff; results by workshopset; admitting puts them on the roster', async () => {
    expect((await student.client.get('/api/admin/workshop/result/member')).statusCode).toBe(403);
    const list = (await plainStaff.client.get('/api/admin/workshop/result/member')).body;
    expect(list).toMatchObject({
      count: 1,
      statistic: [
        { kind: 1, count: 0 },
        { kind: 3, count: 1 },
      ],
      mayset: false,
    });
    expect(
      (
        (await plainStaff.client.get(`/api/admin/workshop/result/member/${pk}`)).body.entry as {
          imglist: unknown[];
        }
      ).imglist,
    ).toHaveLength(4);
    expect((await plainStaff.client.get('/api/admin/workshop/result/memberTemp')).body.count).toBe(0);
    expect((await plainStaff.client.get('/api/admin/workshop/result/bogus')).statusCode).toBe(400);
    const save = (result: number) => ({ entry: { pk, result } });
    expect((await plainStaff.client.post('/api/admin/workshop/result/save', save(3))).statusCode).toBe(403);
    expect((await reviewer.client.post('/api/admin/workshop/result/save', save(5))).statusCode).toBe(400);
    expect((await reviewer.client.post('/api/admin/workshop/result/save', save(3))).body).toEqual({
      status: 'ok',
    });
    // Not shown to the applicant before 'showresult'.
    expect((await wfOf(student)).result).toBe(0);
    const roster = await portal.app.services.access.workshopRoster('115-1');
    expect([...roster.entries.values()]).toEqual([
      { userPk: student.pk, kind: 3, deposit: { status: 'unpaid' } },
    ]);
    // Switching to choice 2 moves the roster entry: one workshop per person.
    expect((await reviewer.client.post('/api/admin/workshop/result/save', save(1))).body.status).toBe('ok');
    const moved = await portal.app.services.access.workshopRoster('115-1');
    expect([...moved.entries.values()].map((entry) => entry.kind)).toEqual([1]);
    const prepared = await reviewer.client.post('/api/admin/receive/member/fee', {
      cmd: 'prepare',
      keyword: student.stuid,
    });
    expect(prepared.body.workshoplist).toMatchObject([{ kind: 1, amount: 500 }]);
    await reviewer.client.post('/api/admin/workshop/timeschedule', {
      timeschedule: 'showresult',
      offered: [1, 3],
    });
    expect((await wfOf(student)).result).toBe(1);
  });

  it('a save cut off between the roster and the result converges when made again', async () => {
    // The half-done state of a save to 3 whose result write was lost: the roster moved, the result is 1.
    const context = { now: portal.clock.now, actor: String(reviewer.pk), correlationId: 'cut-off-save' };
    const roster = { semester: '115-1', userPk: student.pk, actorAuthorities: ['workshopset'] as const };
    expect((await portal.app.services.access.removeWorkshopEntry({ ...roster, kind: 1 }, context)).ok).toBe(
      true,
    );
    expect((await portal.app.services.access.addWorkshopEntry({ ...roster, kind: 3 }, context)).ok).toBe(
      true,
    );
    expect((await wfOf(student)).result).toBe(1);

    const again = await reviewer.client.post('/api/admin/workshop/result/save', { entry: { pk, result: 3 } });
    expect(again.body).toEqual({ status: 'ok' });
    expect((await wfOf(student)).result).toBe(3);
    const entries = [...(await portal.app.services.access.workshopRoster('115-1')).entries.values()];
    expect(entries).toEqual([{ userPk: student.pk, kind: 3, deposit: { status: 'unpaid' } }]);
  });
});
