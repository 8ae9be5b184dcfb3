// The calendar through the whole app: who sees which entries, the form rules, and the iCal feeds parsed
// with a calendar library (ical.js), public and personal.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

let portal: TestPortal;
let staff: TestPerson;
let member: TestPerson;

const publicForm = {
  pk: 'new',
  title: '期末社展',
  start: '2026-11-27',
  end: '2026-11-27',
  colorindex: 2,
  staff: false,
};
const staffForm = {
  pk: 'new',
  title: '幹部會議\n帶筆電',
  start: '2026-11-28',
  end: '2026-11-30',
  colorindex: 2,
  staff: true,
};

beforeAll(async () => {
  // Sunday 2026-11-22, noon in Taipei.
  portal = await createTestPortal({ now: new Date('2026-11-22T04:00:00Z') });
  staff = await signUpStaff(portal, '行事曆幹部');
  member = await signUp(portal, '行事曆社員');
  await recordMemberFeeByOperator(portal.app.services, member.pk);
});
afterAll(() => portal.close());

type Entry = { pk: number; title: string; start: string; end: string; colorindex: number; staff: boolean };
const titles = (body: Record<string, unknown>) => (body.loglist as Entry[]).map((entry) => entry.title);

/** The VEVENTs of an iCal document, parsed by ical.js. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
    };
  });
}

const fetchIcs = (url: string) => portal.app.inject({ method: 'GET', url });

describe('POST /api/admin/calendar', () => {
  it('lets staff create entries; staff-only ones are stored in colour 7', async () => {
    const created = await staff.client.post('/api/admin/calendar', publicForm);
    expect(created.body).toMatchObject({ status: 'ok', pk: expect.any(Number) });
    const hidden = await staff.client.post('/api/admin/calendar', staffForm);
    expect(hidden.body.status).toBe('ok');
    const month = await staff.client.get('/api/calendar/2026/11');
    const stored = (month.body.loglist as Entry[]).find((entry) => entry.pk === hidden.body.pk);
    expect(stored).toMatchObject({ colorindex: 7, staff: true, title: '幹部會議\n帶筆電' });
  });

  it('answers missing (資料有少) without a title, start or end, and order when the start is after the end', async () => {
    for (const change of [{ title: ' ' }, { start: '' }, { end: undefined }]) {
      const answer = await staff.client.post('/api/admin/calendar', { ...publicForm, ...change });
      expect(answer.body).toEqual({ status: 'fail', reason: 'missing' });
    }
    const backwards = await staff.client.post('/api/admin/calendar', { ...publicForm, end: '2026-11-01' });
    expect(backwards.body).toEqual({ status: 'fail', reason: 'order' });
    const colour = await staff.client.post('/api/admin/calendar', { ...publicForm, colorindex: 7 });
    expect(colour.body).toEqual({ status: 'fail', reason: 'colour' });
  });

  it('creates once for a retried request id', async () => {
    const first = await staff.client.post('/api/admin/calendar', {
      ...publicForm,
      title: '重送',
      requestId: 'r-1',
    });
    const again = await staff.client.post('/api/admin/calendar', {
      ...publicForm,
      title: '重送',
      requestId: 'r-1',
    });
    expect(again.body).toEqual(first.body);
    const month = await member.client.get('/api/calendar/2026/11');
    expect(titles(month.body).filter((title) => title === '重送')).toHaveLength(1);
  });

  it('refuses members and visitors', async () => {
    expect((await member.client.post('/api/admin/calendar', publicForm)).statusCode).toBe(403);
    expect((await portal.client().post('/api/admin/calendar', publicForm)).statusCode).toBe(401);
  });
});

describe('GET /api/calendar/:year/:month', () => {
  it('shows visitors and members the public entries only, and staff all of them', async () => {
    const visitor = await portal.client().get('/api/calendar/2026/11');
    expect(visitor.body).toMatchObject({ status: 'ok', year: 2026, month: 11, canedit: false, reset: false });
    expect(titles(visitor.body)).toContain('期末社展');
    expect(titles(visitor.body)).not.toContain('幹部會議\n帶筆電');
    expect(titles((await member.client.get('/api/calendar/2026/11')).body)).not.toContain('幹部會議\n帶筆電');
    const asStaff = await staff.client.get('/api/calendar/2026/11');
    expect(asStaff.body.canedit).toBe(true);
    expect(titles(asStaff.body)).toEqual(expect.arrayContaining(['期末社展', '幹部會議\n帶筆電']));
  });

  it('includes entries on the grid days of the next month (the 3-day entry reaches 11-30 and December shows from 11-29)', async () => {
    const december = await staff.client.get('/api/calendar/2026/12');
    expect(december.body.dateSelectedmoment).toBe('2026-12-01');
    expect(titles(december.body)).toContain('幹部會議\n帶筆電');
  });

  it.each([
    ['abc', '11'],
    ['2026', '13'],
    ['2026', '0'],
    ['99999', '1'],
  ])('resets invalid parameters (%s/%s) to the current month in Taipei', async (year, month) => {
    const answer = await portal.client().get(`/api/calendar/${year}/${month}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'ok',
      year: 2026,
      month: 11,
      reset: true,
      today: '2026-11-22',
    });
  });
});

describe('PUT /api/admin/calendar and DELETE /api/admin/calendar', () => {
  it('changes and deletes an entry; both then answer notfound for it', async () => {
    const created = await staff.client.post('/api/admin/calendar', { ...publicForm, title: '要改的' });
    const pk = created.body.pk as number;
    const changed = await staff.client.put('/api/admin/calendar', {
      ...publicForm,
      pk,
      title: '改好了',
      staff: true,
    });
    expect(changed.body).toEqual({ status: 'ok', pk });
    expect(titles((await portal.client().get('/api/calendar/2026/11')).body)).not.toContain('改好了');
    const removed = await staff.client.request('DELETE', '/api/admin/calendar', { pk, title: '改好了' });
    expect(removed.body).toEqual({ status: 'ok', pk });
    expect(titles((await staff.client.get('/api/calendar/2026/11')).body)).not.toContain('改好了');
    expect((await staff.client.put('/api/admin/calendar', { ...publicForm, pk })).body.reason).toBe(
      'notfound',
    );
  });
});

describe('GET /api/calendar.ics', () => {
  it('is an iCal document with the public entries only, as all-day events with an exclusive end', async () => {
    const answer = await fetchIcs('/api/calendar.ics');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
    const events = parseFeed(answer.body);
    expect(events.map((event) => event.summary)).toContain('期末社展');
    expect(events.map((event) => event.summary)).not.toContain('幹部會議');
    const show = events.find((event) => event.summary === '期末社展')!;
    expect(show).toMatchObject({ start: '2026-11-27', end: '2026-11-28', allDay: true });
  });
});

describe('GET /api/calendar/feed/:file', () => {
  it('gives staff a personal URL with the staff-only entries; renewing it revokes the old one', async () => {
    expect((await staff.client.get('/api/admin/calendar/feed')).body).toEqual({ status: 'ok', path: null });
    const issued = await staff.client.post('/api/admin/calendar/feed', {});
    const path = issued.body.path as string;
    expect(path).toMatch(/^\/api\/calendar\/feed\/[\w-]+\.ics$/);
    expect((await staff.client.get('/api/admin/calendar/feed')).body.path).toBe(path);

    const personal = await fetchIcs(path);
    expect(personal.statusCode).toBe(200);
    const events = parseFeed(personal.body);
    const meeting = events.find((event) => event.summary === '幹部會議')!;
    expect(meeting).toMatchObject({
      start: '2026-11-28',
      end: '2026-12-01',
      description: '幹部會議\n帶筆電',
    });
    expect(events.map((event) => event.summary)).toContain('期末社展');

    const renewed = await staff.client.post('/api/admin/calendar/feed', {});
    expect(renewed.body.path).not.toBe(path);
    expect((await fetchIcs(path)).statusCode).toBe(404);
    expect((await fetchIcs(renewed.body.path as string)).statusCode).toBe(200);
  });

  it('finds nothing for a forged token, and members get no personal URL', async () => {
    const forged = `/api/calendar/feed/${staff.pk}-1-${'A'.repeat(32)}.ics`;
    expect((await fetchIcs(forged)).statusCode).toBe(404);
    expect((await fetchIcs('/api/calendar/feed/nothing.ics')).statusCode).toBe(404);
    expect((await member.client.post('/api/admin/calendar/feed', {})).statusCode).toBe(403);
  });
});

describe('GET /api/calendar/feed/:file after the staff term', () => {
  it('keeps answering with the public entries only once its owner is no longer active staff', async () => {
    const path = (await staff.client.post('/api/admin/calendar/feed', {})).body.path as string;
    const during = parseFeed((await fetchIcs(path)).body).map((event) => event.summary);
    expect(during).toContain('幹部會議');
    const before = portal.clock.now;
    // The next semester: this semester's roster and member fee no longer make them active staff.
    portal.clock.now = new Date('2027-03-01T04:00:00Z');
    try {
      const after = await fetchIcs(path);
      expect(after.statusCode).toBe(200);
      const summaries = parseFeed(after.body).map((event) => event.summary);
      expect(summaries).toContain('期末社展');
      expect(summaries).not.toContain('幹部會議');
    } finally {
      portal.clock.now = before;
    }
  });
});
