import { portalProjections, rebuildAll } from '@club/projections';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, type TestPerson, type TestPortal } from '../testing.ts';

// Staff status needs membership (a paid member fee) as well as a place on this semester's roster; the
// staff paths below set both up through the operator's bookings.

let portal: TestPortal;
beforeEach(async () => {
  portal = await createTestPortal();
});
afterEach(async () => {
  await portal.close();
});

const START = new Date('2026-11-22T04:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

interface PointJson {
  pk: number | null;
  pkstr: string;
  workdate: string;
  user: { pk: number; pkstr: string; name: string };
  receiveuser: { pk: number; pkstr: string; name: string } | null;
  kind: string;
  kindkey: string;
  reason: string;
  applypoint: number | null;
  status: number | null;
  confirmtime: string | null;
  expiretime: string | null;
  canEdit: boolean;
  canSave: boolean;
}

/** Gives the 'point' authority to a person, as a holder of 'auth' would on AdminAuth. */
async function grantPointAuthority(person: TestPerson): Promise<void> {
  const granted = await portal.app.services.access.addGrant(
    { key: 'point', userPk: person.pk, staffKeyword: null, actorAuthorities: ['auth'], semesters: ['115-1'] },
    { now: portal.clock.now, actor: null, correlationId: `grant-${person.pk}` },
  );
  if (!granted.ok) throw new Error(`grant refused: ${granted.reason}`);
  await portal.app.services.projections.waitFor(granted.position);
}

const form = (overrides: Record<string, unknown> = {}) => ({
  workdate: '2026-11-20',
  kind: '課程',
  reason: '暗房課助教',
  applypoint: 2.5,
  ...overrides,
});

const request = (
  person: TestPerson,
  overrides: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) =>
  person.client.post('/api/user/point/new', {
    point: form({ receiveuser: { pk: person.pk }, ...overrides }),
    ...extra,
  });

const pointOf = (body: Record<string, unknown>) => body.point as PointJson;

async function requested(person: TestPerson, overrides: Record<string, unknown> = {}): Promise<PointJson> {
  const { body } = await request(person, overrides);
  expect(body).toMatchObject({ status: 'ok' });
  return pointOf(body);
}

const checkPoint = async (person: TestPerson) =>
  ((await person.client.get('/api/user/check')).body.user as { point: number }).point;

const later = (ms: number) => {
  portal.clock.now = new Date(portal.clock.now.getTime() + ms);
};

describe('POST /api/user/point/new', () => {
  it('records a request that takes effect three days later', async () => {
    const ming = await signUp(portal, '王小明');
    const { statusCode, body } = await request(ming);
    expect(statusCode).toBe(200);
    expect(body.status).toBe('ok');
    expect(pointOf(body)).toMatchObject({
      pk: 1,
      pkstr: 'PT-1',
      workdate: '2026-11-20',
      user: { pk: ming.pk, pkstr: expect.stringMatching(/^U\d{5}$/), name: '王小明' },
      receiveuser: { pk: ming.pk, name: '王小明' },
      kind: '課程',
      kindkey: 'course',
      reason: '暗房課助教',
      applypoint: 2.5,
      status: 1,
      confirmtime: new Date(START.getTime() + 3 * DAY_MS).toISOString(),
      canEdit: true,
      canSave: true,
    });
  });

  it('accepts the kind by its key and the amount as a decimal string', async () => {
    const ming = await signUp(portal, '王小明');
    const point = await requested(ming, { kind: 'darkroom', applypoint: '1.25' });
    expect(point).toMatchObject({ kind: '暗房', kindkey: 'darkroom', applypoint: 1.25 });
  });

  it.each([
    ['no amount', { applypoint: null }],
    ['a zero amount', { applypoint: 0 }],
    ['a negative amount', { applypoint: -1 }],
    ['more than two decimals', { applypoint: 1.234 }],
    ['an amount that is not a number', { applypoint: 'abc' }],
    ['a blank reason', { reason: '   ' }],
    ['a reason over 1000 characters', { reason: 'x'.repeat(1001) }],
    ['no kind', { kind: '' }],
    ['an unknown kind', { kind: '打工' }],
    ['no recipient', { receiveuser: null }],
    ['a malformed work date', { workdate: '2026-13-01' }],
    ['no work date', { workdate: undefined }],
  ])('refuses %s as format, writing nothing', async (_label, overrides) => {
    const ming = await signUp(portal, '王小明');
    const { statusCode, body } = await request(ming, overrides);
    expect(statusCode).toBe(200);
    expect(body).toEqual({ status: 'fail', reason: 'format' });
    // No id was used up: the next request is PT-1.
    expect((await requested(ming)).pkstr).toBe('PT-1');
  });

  it('refuses more than 10 points in one request, and accepts exactly 10', async () => {
    const ming = await signUp(portal, '王小明');
    expect((await request(ming, { applypoint: 10.5 })).body).toEqual({
      status: 'fail',
      reason: 'daily_limit',
      remaining: 10,
    });
    expect((await requested(ming, { applypoint: 10 })).applypoint).toBe(10);
  });

  it('holds the limit per recipient per work date across requests', async () => {
    const ming = await signUp(portal, '王小明');
    await requested(ming, { applypoint: 6 });
    expect((await request(ming, { applypoint: 5 })).body).toEqual({
      status: 'fail',
      reason: 'daily_limit',
      remaining: 4,
    });
    expect((await requested(ming, { applypoint: 4 })).applypoint).toBe(4);
    // Another day is a fresh limit.
    expect((await requested(ming, { applypoint: 10, workdate: '2026-11-21' })).status).toBe(1);
  });

  it('lets only one of two concurrent requests past the day limit', async () => {
    const ming = await signUp(portal, '王小明');
    const results = await Promise.all([request(ming, { applypoint: 6 }), request(ming, { applypoint: 6 })]);
    expect(results.map((result) => result.body.status).sort()).toEqual(['fail', 'ok']);
  });

  it('does not count invalidated records against the limit', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const first = await requested(ming, { applypoint: 8 });
    expect((await request(ming, { applypoint: 3 })).body.reason).toBe('daily_limit');
    const invalidated = await head.client.post(`/api/admin/point/${first.pk}`, {
      point: { ...first, confirmtype: 'invalid' },
    });
    expect(pointOf(invalidated.body).status).toBe(0);
    expect((await requested(ming, { applypoint: 3 })).applypoint).toBe(3);
  });

  it('refuses a non-staff request for someone else', async () => {
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const { body } = await request(ming, { receiveuser: { pk: hua.pk } });
    expect(body).toEqual({ status: 'fail', reason: 'forbidden' });
  });

  it('lets the point authority enter points for anyone, effective at once', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const { body } = await head.client.post('/api/admin/point/new', {
      point: form({ receiveuser: ming.pk, applypoint: 3 }),
    });
    expect(pointOf(body)).toMatchObject({
      status: 2,
      confirmtime: START.toISOString(),
      user: { pk: head.pk },
      receiveuser: { pk: ming.pk },
    });
    expect(await checkPoint(ming)).toBe(3);
  });

  it('answers a retry with the same requestId or Idempotency-Key with the first record', async () => {
    const ming = await signUp(portal, '王小明');
    const first = await request(ming, {}, { requestId: 'form-1' });
    const retry = await request(ming, {}, { requestId: 'form-1' });
    expect(pointOf(retry.body).pk).toBe(pointOf(first.body).pk);
    const changed = await request(ming, { applypoint: 3 }, { requestId: 'form-1' });
    expect(changed.body).toEqual({ status: 'fail', reason: 'mismatch' });

    const headers = { 'idempotency-key': 'form-2' };
    const payload = { point: form({ receiveuser: { pk: ming.pk }, workdate: '2026-11-19' }) };
    const second = await ming.client.request('POST', '/api/user/point/new', payload, headers);
    const secondRetry = await ming.client.request('POST', '/api/user/point/new', payload, headers);
    expect(pointOf(secondRetry.body).pk).toBe(pointOf(second.body).pk);
    expect(pointOf(second.body).pk).not.toBe(pointOf(first.body).pk);
    const log = await ming.client.get('/api/user/point/log/1');
    expect((log.body.pager as { totalrows: number }).totalrows).toBe(2);
  });

  it('needs a login and the Scope header', async () => {
    const anonymous = await portal.client().post('/api/user/point/new', { point: form() });
    expect(anonymous.statusCode).toBe(401);
    const ming = await signUp(portal, '王小明');
    const noScope = await ming.client.request(
      'POST',
      '/api/user/point/new',
      { point: form() },
      { scope: '' },
    );
    expect(noScope.statusCode).toBe(403);
  });
});

describe('GET /api/user/point/{pk}', () => {
  it("answers the blank form for 'new' with the viewer as recipient and today's date", async () => {
    const ming = await signUp(portal, '王小明');
    const { body } = await ming.client.get('/api/user/point/new');
    expect(pointOf(body)).toMatchObject({
      pk: null,
      workdate: '2026-11-22',
      user: { pk: ming.pk },
      receiveuser: { pk: ming.pk },
      applypoint: null,
      status: null,
      canEdit: true,
      canSave: true,
    });
  });

  it("shows a party its record and refuses anyone else's; unknown ids are notfound", async () => {
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const point = await requested(ming);
    expect(pointOf((await ming.client.get(`/api/user/point/${point.pk}`)).body).pkstr).toBe('PT-1');
    expect((await hua.client.get(`/api/user/point/${point.pk}`)).body).toEqual({
      status: 'fail',
      reason: 'forbidden',
    });
    expect((await ming.client.get('/api/user/point/99')).body).toEqual({
      status: 'fail',
      reason: 'notfound',
    });
    expect((await ming.client.get('/api/user/point/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/user/point/{pk}', () => {
  it('lets the requester edit while pending, keeping the effective time', async () => {
    const ming = await signUp(portal, '王小明');
    const point = await requested(ming);
    later(DAY_MS);
    const { body } = await ming.client.post(`/api/user/point/${point.pk}`, {
      point: { ...point, applypoint: 3, reason: '暗房課助教與整理' },
    });
    expect(pointOf(body)).toMatchObject({
      applypoint: 3,
      reason: '暗房課助教與整理',
      status: 1,
      confirmtime: point.confirmtime,
    });
  });

  it('refuses edits over the day limit and with bad fields', async () => {
    const ming = await signUp(portal, '王小明');
    await requested(ming, { applypoint: 6 });
    const point = await requested(ming, { applypoint: 4 });
    const over = await ming.client.post(`/api/user/point/${point.pk}`, {
      point: { ...point, applypoint: 5 },
    });
    expect(over.body).toEqual({ status: 'fail', reason: 'daily_limit', remaining: 4 });
    const blank = await ming.client.post(`/api/user/point/${point.pk}`, { point: { ...point, reason: '' } });
    expect(blank.body).toEqual({ status: 'fail', reason: 'format' });
    // Moving it to another day frees the limit.
    const moved = await ming.client.post(`/api/user/point/${point.pk}`, {
      point: { ...point, applypoint: 5, workdate: '2026-11-21' },
    });
    expect(pointOf(moved.body)).toMatchObject({ applypoint: 5, workdate: '2026-11-21' });
  });

  it('refuses edits by someone who is neither applicant, recipient nor the point authority', async () => {
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const point = await requested(ming);
    const { body } = await hua.client.post(`/api/user/point/${point.pk}`, {
      point: { ...point, applypoint: 1 },
    });
    expect(body).toEqual({ status: 'fail', reason: 'forbidden' });
  });

  it('lets the recipient edit a pending record someone else applied for', async () => {
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const point = await requested(ming);
    // The point authority moves the still pending record to Hua (an edit keeps the effective time).
    const moved = await head.client.post(`/api/admin/point/${point.pk}`, {
      point: { ...point, receiveuser: { pk: hua.pk }, confirmtype: 'set' },
    });
    expect(pointOf(moved.body)).toMatchObject({ receiveuser: { pk: hua.pk }, status: 1 });
    const edited = await hua.client.post(`/api/user/point/${point.pk}`, {
      point: { ...pointOf(moved.body), applypoint: 2 },
    });
    expect(pointOf(edited.body)).toMatchObject({ applypoint: 2, user: { pk: ming.pk } });
  });

  it('refuses a party once the record is valid, and everyone once it has expired', async () => {
    const ming = await signUp(portal, '王小明');
    const point = await requested(ming);
    later(3 * DAY_MS);
    const valid = await ming.client.get(`/api/user/point/${point.pk}`);
    expect(pointOf(valid.body)).toMatchObject({ status: 2, canEdit: false, canSave: false });
    const edit = await ming.client.post(`/api/user/point/${point.pk}`, {
      point: { ...point, applypoint: 1 },
    });
    expect(edit.body).toEqual({ status: 'fail', reason: 'forbidden' });
    later(200 * DAY_MS);
    const expired = await ming.client.post(`/api/user/point/${point.pk}`, {
      point: { ...point, applypoint: 1 },
    });
    expect(expired.body).toEqual({ status: 'fail', reason: 'expired' });
  });

  it('ignores a review choice sent to the member call', async () => {
    const ming = await signUp(portal, '王小明');
    const point = await requested(ming);
    const { body } = await ming.client.post(`/api/user/point/${point.pk}`, {
      point: { ...point, confirmtype: 'valid' },
    });
    expect(pointOf(body).status).toBe(1);
  });

  it('answers notfound for an edit of a record that does not exist', async () => {
    const ming = await signUp(portal, '王小明');
    const { body } = await ming.client.post('/api/user/point/42', { point: form({ receiveuser: ming.pk }) });
    expect(body).toEqual({ status: 'fail', reason: 'notfound' });
  });
});

describe('status and points over time', () => {
  it('moves from not yet effective to valid to expired with the clock, and the total follows', async () => {
    const ming = await signUp(portal, '王小明');
    const point = await requested(ming, { applypoint: 2.5 });
    expect(point.status).toBe(1);
    expect(await checkPoint(ming)).toBe(0);

    later(3 * DAY_MS - 1);
    expect(pointOf((await ming.client.get(`/api/user/point/${point.pk}`)).body).status).toBe(1);
    later(1);
    expect(pointOf((await ming.client.get(`/api/user/point/${point.pk}`)).body).status).toBe(2);
    expect(await checkPoint(ming)).toBe(2.5);

    // Effective 2026-11-25 12:00 Taipei; six calendar months later is 2027-05-25 12:00 Taipei.
    portal.clock.now = new Date('2027-05-25T03:59:59.999Z');
    expect(await checkPoint(ming)).toBe(2.5);
    portal.clock.now = new Date('2027-05-25T04:00:00.000Z');
    const expired = pointOf((await ming.client.get(`/api/user/point/${point.pk}`)).body);
    expect(expired).toMatchObject({ status: 3, expiretime: '2027-05-25T04:00:00.000Z', canEdit: false });
    expect(await checkPoint(ming)).toBe(0);
  });

  it('sums only valid records, with fractions', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    await requested(ming, { applypoint: 1.25, workdate: '2026-11-01' });
    const entered = await head.client.post('/api/admin/point/new', {
      point: form({ receiveuser: ming.pk, applypoint: 0.5, workdate: '2026-11-02' }),
    });
    expect(pointOf(entered.body).status).toBe(2);
    expect(await checkPoint(ming)).toBe(0.5);
    later(3 * DAY_MS);
    expect(await checkPoint(ming)).toBe(1.75);
  });
});

describe('POST /api/admin/point/{pk}', () => {
  it('confirms: keep the set time (pending only), set valid, set invalid, and valid again', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const point = await requested(ming, { applypoint: 4 });
    const save = (confirmtype: string, changes: Record<string, unknown> = {}) =>
      head.client.post(`/api/admin/point/${point.pk}`, { point: { ...point, ...changes, confirmtype } });

    later(DAY_MS);
    const kept = await save('set');
    expect(pointOf(kept.body)).toMatchObject({ status: 1, confirmtime: point.confirmtime });

    const valid = await save('valid');
    expect(pointOf(valid.body)).toMatchObject({ status: 2, confirmtime: portal.clock.now.toISOString() });
    expect(await checkPoint(ming)).toBe(4);

    expect((await save('set')).body).toEqual({ status: 'fail', reason: 'notpending' });

    const invalid = await save('invalid');
    expect(pointOf(invalid.body).status).toBe(0);
    expect(await checkPoint(ming)).toBe(0);

    const again = await save('valid');
    expect(pointOf(again.body).status).toBe(2);
    expect(await checkPoint(ming)).toBe(4);
  });

  it('edits a valid record, and writes neither the edit nor the choice when the choice is refused', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const point = await requested(ming, { applypoint: 4 });
    later(3 * DAY_MS);
    const refused = await head.client.post(`/api/admin/point/${point.pk}`, {
      point: { ...point, applypoint: 5, confirmtype: 'set' },
    });
    expect(refused.body).toEqual({ status: 'fail', reason: 'notpending' });
    expect(pointOf((await head.client.get(`/api/admin/point/${point.pk}`)).body).applypoint).toBe(4);

    const edited = await head.client.post(`/api/admin/point/${point.pk}`, {
      point: { ...point, applypoint: 5, confirmtype: 'valid' },
    });
    // 'Set valid' on a valid record does not renew it.
    expect(pointOf(edited.body)).toMatchObject({ applypoint: 5, status: 2, confirmtime: point.confirmtime });
    expect(await checkPoint(ming)).toBe(5);
  });

  it('refuses edits and confirmations of an expired record', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const point = await requested(ming);
    later(3 * DAY_MS + 200 * DAY_MS);
    const viewed = pointOf((await head.client.get(`/api/admin/point/${point.pk}`)).body);
    expect(viewed).toMatchObject({ status: 3, canEdit: true, canSave: false });
    for (const confirmtype of ['set', 'valid', 'invalid', undefined]) {
      const { body } = await head.client.post(`/api/admin/point/${point.pk}`, {
        point: { ...point, applypoint: 1, confirmtype },
      });
      expect(body).toEqual({ status: 'fail', reason: 'expired' });
    }
  });

  it('shows the point authority every record as editable and savable until it expires', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const point = await requested(ming);
    later(3 * DAY_MS);
    const viewed = pointOf((await head.client.get(`/api/user/point/${point.pk}`)).body);
    expect(viewed).toMatchObject({ status: 2, canEdit: true, canSave: true });
  });

  it('is closed to people who are neither staff nor the point authority', async () => {
    const ming = await signUp(portal, '王小明');
    const point = await requested(ming);
    for (const path of [
      '/api/admin/point/log/1',
      `/api/admin/point/${point.pk}`,
      '/api/admin/point/stat',
      '/api/admin/point/users?keyword=王',
    ]) {
      expect((await ming.client.get(path)).statusCode).toBe(403);
      expect((await portal.client().get(path)).statusCode).toBe(401);
    }
    const post = await ming.client.post(`/api/admin/point/${point.pk}`, {
      point: { ...point, confirmtype: 'valid' },
    });
    expect(post.statusCode).toBe(403);
  });
});

describe('GET /api/user/point/log/{page}', () => {
  it('pages the viewer’s records 20 at a time, newest first, and lists those applied for others apart', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    for (let day = 1; day <= 25; day++) {
      await requested(ming, { applypoint: 1, workdate: `2026-10-${String(day).padStart(2, '0')}` });
    }
    await head.client.post('/api/admin/point/new', { point: form({ receiveuser: ming.pk, applypoint: 1 }) });

    const first = await ming.client.get('/api/user/point/log/1');
    expect(first.body.pager).toEqual({ totalrows: 26, rowsperpage: 20, page: 1 });
    const loglist = first.body.loglist as PointJson[];
    expect(loglist).toHaveLength(20);
    expect(loglist[0]).toMatchObject({ pk: 26, user: { pk: head.pk }, receiveuser: { pk: ming.pk } });
    expect(first.body.loglist_others).toEqual([]);

    const second = await ming.client.get('/api/user/point/log/2');
    expect((second.body.loglist as PointJson[]).map((point) => point.pk)).toEqual([6, 5, 4, 3, 2, 1]);
    expect((await ming.client.get('/api/user/point/log/3')).body.loglist).toEqual([]);

    const headLog = await head.client.get('/api/user/point/log/1');
    expect(headLog.body.loglist).toEqual([]);
    expect((headLog.body.loglist_others as PointJson[]).map((point) => point.pk)).toEqual([26]);
    expect(headLog.body.pager_others).toEqual({ totalrows: 1, rowsperpage: 20, page: 1 });

    expect((await ming.client.get('/api/user/point/log/0')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/point/log/{page}', () => {
  it('lists every record with applicant and recipient', async () => {
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    await requested(ming);
    await requested(hua);
    const { body } = await head.client.get('/api/admin/point/log/1');
    expect(body.pager).toEqual({ totalrows: 2, rowsperpage: 20, page: 1 });
    expect(
      (body.loglist as PointJson[]).map((point) => [point.pkstr, point.user.name, point.receiveuser?.name]),
    ).toEqual([
      ['PT-2', '李小華', '李小華'],
      ['PT-1', '王小明', '王小明'],
    ]);
  });
});

describe('GET /api/admin/point/stat', () => {
  it('totals the past half year per user, most points first, with no discounts yet', async () => {
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const enter = (person: TestPerson, applypoint: number, workdate: string) =>
      head.client.post('/api/admin/point/new', {
        point: form({ receiveuser: person.pk, applypoint, workdate }),
      });
    await enter(ming, 2, '2026-11-01');
    await enter(hua, 3.5, '2026-11-01');
    await requested(ming, { applypoint: 4, workdate: '2026-11-02' }); // pending: not counted yet
    const { body } = await head.client.get('/api/admin/point/stat');
    expect(body).toEqual({
      status: 'ok',
      loglist: [
        { user: { pk: hua.pk, pkstr: expect.any(String), name: '李小華' }, point: 3.5, discount: 0 },
        { user: { pk: ming.pk, pkstr: expect.any(String), name: '王小明' }, point: 2, discount: 0 },
      ],
      totalpoint: 5.5,
      totaldiscount: 0,
      moment: { position: await portal.store.headPosition(), at: portal.clock.now.toISOString() },
    });
    later(3 * DAY_MS);
    expect((await head.client.get('/api/admin/point/stat')).body.totalpoint).toBe(9.5);
    later(200 * DAY_MS);
    expect((await head.client.get('/api/admin/point/stat')).body).toMatchObject({
      loglist: [],
      totalpoint: 0,
    });
  });
});

describe('GET /api/admin/point/users', () => {
  it('finds recipients by name, pkstr or pk, at most six', async () => {
    const ming = await signUp(portal, '王小明');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const byName = await head.client.get(`/api/admin/point/users?keyword=${encodeURIComponent('小明')}`);
    expect(byName.body.list).toEqual([{ pk: ming.pk, pkstr: expect.any(String), name: '王小明' }]);
    const byPk = await head.client.get(`/api/admin/point/users?keyword=${ming.pk}`);
    expect((byPk.body.list as { pk: number }[]).map((user) => user.pk)).toContain(ming.pk);
    expect((await head.client.get('/api/admin/point/users')).body.list).toEqual([]);
  });
});

describe('points read model', () => {
  it('rebuilt from zero equals the live one after real traffic', async () => {
    const ming = await signUp(portal, '王小明');
    const hua = await signUp(portal, '李小華');
    const head = await signUp(portal, '點數長');
    await grantPointAuthority(head);
    const first = await requested(ming, { applypoint: 3 });
    await requested(hua, { applypoint: 1.5 });
    await request(ming, { applypoint: 9 }); // refused: over the day's limit
    await ming.client.post(`/api/user/point/${first.pk}`, { point: { ...first, applypoint: 2 } });
    await head.client.post(`/api/admin/point/${first.pk}`, {
      point: { ...first, applypoint: 2, receiveuser: { pk: hua.pk }, confirmtype: 'valid' },
    });
    await head.client.post('/api/admin/point/new', { point: form({ receiveuser: ming.pk, applypoint: 1 }) });
    await head.client.post('/api/admin/point/2', {
      point: { ...form(), receiveuser: hua.pk, applypoint: 1.5, confirmtype: 'invalid' },
    });

    const live = portal.app.services.projections;
    await live.waitFor(await portal.store.headPosition());
    const rebuilt = await rebuildAll(portal.store, portalProjections);
    expect(rebuilt.models.points).toEqual(live.models.points);
    expect(rebuilt.models.points.byPk.size).toBe(3);
    expect([...(rebuilt.models.points.byRecipient.get(hua.pk) ?? [])].sort()).toEqual([1, 2]);
  });
});

describe('POST /api/user/point/new by active staff', () => {
  it('lets a staff member who is also a member give points to someone else, and refuses a lapsed staff member', async () => {
    const staff = await signUp(portal, '幹部');
    const other = await signUp(portal, '社員');
    await makeStaffByOperator(portal.app.services, staff.pk, '器材長');
    // On the roster but not a member: staff powers do not apply yet.
    const refused = await staff.client.post('/api/user/point/new', {
      point: form({ receiveuser: { pk: other.pk } }),
    });
    expect(refused.body).toMatchObject({ status: 'fail', reason: 'forbidden' });

    await recordMemberFeeByOperator(portal.app.services, staff.pk);
    const given = await staff.client.post('/api/user/point/new', {
      point: form({ receiveuser: { pk: other.pk } }),
    });
    expect(given.body.status).toBe('ok');
    expect((given.body.point as PointJson).receiveuser?.pk).toBe(other.pk);
    // Entered by staff without the point authority: it waits three days like any request.
    expect((given.body.point as PointJson).status).toBe(1);
  });

  it('opens the admin point log to active staff without the point authority, but not their review choices', async () => {
    const staff = await signUp(portal, '幹部');
    const member = await signUp(portal, '社員');
    await recordMemberFeeByOperator(portal.app.services, staff.pk);
    await makeStaffByOperator(portal.app.services, staff.pk, '文書');
    const point = await requested(member);
    expect((await staff.client.get('/api/admin/point/log/1')).statusCode).toBe(200);
    const review = await staff.client.post(`/api/admin/point/${point.pk}`, {
      point: { ...point, confirmtype: 'valid' },
    });
    expect(review.body).toMatchObject({ status: 'fail', reason: 'forbidden' });
  });
});
