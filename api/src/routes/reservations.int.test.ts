// Darkroom reservations through the whole app (document 2: DarkroomReserve; docs/reservations.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

/** Monday 2026-11-23, 10:07 in Taipei. */
const now = new Date('2026-11-23T10:07:00+08:00');
const tomorrow = '2026-11-24';

let portal: TestPortal;
let staff: TestPerson;
let alice: TestPerson;
let bob: TestPerson;
let visitor: TestPerson;

type Row = {
  pk: string;
  room: string[];
  user: { pk: number };
  staff: boolean;
  comment: string;
  version: number;
  editable: boolean;
};

const reserve = (person: TestPerson, body: Record<string, unknown>) =>
  person.client.post('/api/reserve', {
    pk: 'new',
    date: tomorrow,
    hourRange: [720, 900],
    roomList: ['a'],
    ...body,
  });
const remove = (person: TestPerson, body: Record<string, unknown>) =>
  person.client.request('DELETE', '/api/reserve', body);

beforeAll(async () => {
  portal = await createTestPortal({ now });
  staff = await signUpStaff(portal, '暗房幹部');
  alice = await signUp(portal, '愛麗絲');
  bob = await signUp(portal, '鮑伯');
  visitor = await signUp(portal, '訪客');
  for (const member of [alice, bob]) await recordMemberFeeByOperator(portal.app.services, member.pk);
});
afterAll(async () => {
  await portal.close();
});

describe('POST /api/admin/reserve/room', () => {
  it('lets staff add rooms and refuses members', async () => {
    expect(
      (await alice.client.post('/api/admin/reserve/room', { key: 'a', space: '暗房', name: 'A' })).statusCode,
    ).toBe(403);
    for (const [key, space, name] of [
      ['a', '暗房', '暗房 A'],
      ['b', '暗房', '暗房 B'],
      ['e1', '放大機', '放大機 1'],
      ['gone', '設備', '舊的'],
    ])
      expect((await staff.client.post('/api/admin/reserve/room', { key, space, name })).body.status).toBe(
        'ok',
      );
    const removed = await staff.client.request('DELETE', '/api/admin/reserve/room/gone');
    expect(removed.body.roomList).toEqual([
      { key: 'a', space: '暗房', name: '暗房 A' },
      { key: 'b', space: '暗房', name: '暗房 B' },
      { key: 'e1', space: '放大機', name: '放大機 1' },
    ]);
    expect((await staff.client.request('DELETE', '/api/admin/reserve/room/gone')).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
  });
});

describe('GET /api/reserve/', () => {
  it('is for members only', async () => {
    expect((await visitor.client.get('/api/reserve/')).statusCode).toBe(403);
    expect((await portal.client().get('/api/reserve/')).statusCode).toBe(401);
  });
  it('answers the 15 days from Taipei midnight today, the rooms and the clock', async () => {
    const page = await alice.client.get('/api/reserve/');
    expect(page.body).toMatchObject({
      status: 'ok',
      startDateMoment: '2026-11-22T16:00:00.000Z',
      nowMoment: now.toISOString(),
      reserveList: [],
    });
    expect(page.body.roomList).toHaveLength(3);
  });
});

describe('POST /api/reserve', () => {
  let aliceRow: Row;

  it('makes a reservation of several rooms and lists it, editable only by its owner', async () => {
    const made = await reserve(alice, { roomList: ['b', 'a'], comment: '沖片' });
    expect(made.body).toMatchObject({ status: 'ok', pk: expect.stringMatching(/^r/) });
    aliceRow = (made.body.reserveList as Row[]).find((row) => row.pk === made.body.pk)!;
    expect(aliceRow).toMatchObject({
      room: ['a', 'b'],
      startmoment: '2026-11-24T04:00:00.000Z',
      endmoment: '2026-11-24T07:00:00.000Z',
      user: { pk: alice.pk, name: '愛麗絲' },
      staff: false,
      comment: '沖片',
      version: 1,
      editable: true,
    });
    const bobView = (await bob.client.get('/api/reserve/')).body.reserveList as Row[];
    expect(bobView.find((row) => row.pk === aliceRow.pk)?.editable).toBe(false);
  });

  it('answers msg conflict with the taken room-slots and the refreshed data', async () => {
    const clash = await reserve(bob, { roomList: ['a', 'e1'], hourRange: [840, 960] });
    expect(clash.body).toMatchObject({
      status: 'fail',
      reason: 'conflict',
      msg: 'conflict',
      taken: ['a|202611241400', 'a|202611241430'],
    });
    expect((clash.body.reserveList as Row[]).map((row) => row.pk)).toEqual([aliceRow.pk]);
    // Nothing of the refused request is held: e1 at 14:00 is free.
    expect((await reserve(bob, { roomList: ['e1'], hourRange: [840, 960] })).body.status).toBe('ok');
  });

  it('refuses times off the grid, outside the 15 days, unknown rooms, and staff entries from members', async () => {
    expect((await reserve(bob, { hourRange: [700, 900] })).body).toMatchObject({
      status: 'fail',
      reason: 'invalid',
    });
    expect((await reserve(bob, { hourRange: [1200, 1350] })).body).toMatchObject({ reason: 'invalid' });
    expect((await reserve(bob, { date: '2026-12-08' })).body).toMatchObject({ reason: 'outofrange' });
    expect((await reserve(bob, { date: '2026-11-23', hourRange: [480, 600] })).body).toMatchObject({
      reason: 'outofrange',
    });
    expect((await reserve(bob, { roomList: ['gone'] })).body).toMatchObject({ reason: 'noroom' });
    expect((await reserve(bob, { roomList: [] })).body).toMatchObject({ reason: 'invalid' });
    expect((await reserve(bob, { staff: true, hourRange: [1200, 1260] })).body).toMatchObject({
      reason: 'forbidden',
    });
  });

  it("changes one's own at the version seen; an old version is get-old-error; others' are refused", async () => {
    expect((await reserve(bob, { pk: aliceRow.pk, version: 1, roomList: ['a'] })).body).toMatchObject({
      reason: 'notowner',
    });
    const changed = await reserve(alice, {
      pk: aliceRow.pk,
      version: 1,
      roomList: ['a'],
      hourRange: [600, 720],
    });
    expect(changed.body).toMatchObject({ status: 'ok', pk: aliceRow.pk });
    expect((changed.body.reserveList as Row[]).find((row) => row.pk === aliceRow.pk)).toMatchObject({
      room: ['a'],
      version: 2,
    });
    const stale = await reserve(alice, { pk: aliceRow.pk, version: 1, roomList: ['b'] });
    expect(stale.body).toMatchObject({ status: 'fail', reason: 'stale', msg: 'get-old-error' });
    expect(stale.body.reserveList).toBeDefined();
    // The slots it gave up are free again.
    expect((await reserve(bob, { roomList: ['a', 'b'], hourRange: [720, 840] })).body.status).toBe('ok');
  });

  it('a retried request (same requestId) makes one reservation', async () => {
    const first = await reserve(bob, { roomList: ['b'], hourRange: [1200, 1260], requestId: 'retry-1' });
    const again = await reserve(bob, { roomList: ['b'], hourRange: [1200, 1260], requestId: 'retry-1' });
    expect(again.body).toMatchObject({ status: 'ok', pk: first.body.pk });
    expect((again.body.reserveList as Row[]).filter((row) => row.pk === first.body.pk)).toHaveLength(1);
  });

  it('lets staff make a grey staff entry with its comment, which any staff member may change', async () => {
    const entry = await reserve(staff, {
      staff: true,
      comment: '暗房課程',
      date: '2026-11-25',
      roomList: ['a', 'b'],
      hourRange: [1080, 1260],
    });
    expect(entry.body.status).toBe('ok');
    const row = (entry.body.reserveList as Row[]).find((r) => r.pk === entry.body.pk)!;
    expect(row).toMatchObject({ staff: true, comment: '暗房課程', editable: true });
    expect(
      ((await alice.client.get('/api/reserve/')).body.reserveList as Row[]).find((r) => r.pk === row.pk),
    ).toMatchObject({ staff: true, comment: '暗房課程', editable: false });
  });

  it('twelve members press at once for one slot: exactly one gets it, eleven are told conflict', async () => {
    // Signed up one after the other (registration is not what races here); then all press at once.
    const members: TestPerson[] = [];
    for (let index = 0; index < 12; index++) members.push(await signUp(portal, `搶位${index}`));
    for (const member of members) await recordMemberFeeByOperator(portal.app.services, member.pk);
    const answers = await Promise.all(
      members.map((member) =>
        reserve(member, { date: '2026-11-26', roomList: ['e1'], hourRange: [600, 660] }),
      ),
    );
    const made = answers.filter((answer) => answer.body.status === 'ok');
    const conflicts = answers.filter((answer) => answer.body.msg === 'conflict');
    console.log(`API race: ${made.length} made, ${conflicts.length} conflict`);
    expect(made).toHaveLength(1);
    expect(conflicts).toHaveLength(11);
  });
});

describe('DELETE /api/reserve', () => {
  it("deletes one's own at the version seen and frees its slots", async () => {
    const made = await reserve(alice, { date: '2026-11-27', roomList: ['a'] });
    const pk = made.body.pk as string;
    expect((await remove(bob, { pk, version: 1 })).body).toMatchObject({
      status: 'fail',
      reason: 'notowner',
    });
    const deleted = await remove(alice, { pk, version: 1 });
    expect(deleted.body.status).toBe('ok');
    expect((deleted.body.reserveList as Row[]).some((row) => row.pk === pk)).toBe(false);
    expect((await remove(alice, { pk, version: 1 })).body).toMatchObject({
      status: 'fail',
      msg: 'get-old-error',
    });
    expect((await reserve(bob, { date: '2026-11-27', roomList: ['a'] })).body.status).toBe('ok');
  });
});
