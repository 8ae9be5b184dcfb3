import path from 'node:path';
import { semesterOf } from '@club/core/semester';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  closeAll,
  launchBrowser,
  loadDemo,
  type RunningPortal,
  signedInPage,
  signInApi,
  startPortal,
} from './harness.ts';

// The staff statistics on the demo club (issue 19): the figures the API answers are derived here a second
// time, independently, from the raw events in the store up to the log position each answer says it
// reflects; then a staff member opens each statistics page in Chromium and sees those numbers.

const HEAD = { mobile: '0900000001', password: 'demo1234' };
const semesterAt = (iso: string) => semesterOf(new Date(iso)).tag;
const GRADE_GROUPS: Record<string, number> = {
  大一: 1,
  大二: 2,
  大三: 3,
  大四: 4,
  大五以上: 5,
  碩一: 11,
  碩二以上: 11,
  博士班: 21,
};

interface RawEvent {
  position: number;
  type: string;
  data: Record<string, unknown> & { at?: string };
}
interface Moment {
  position: number;
  at: string;
}
interface IdentityRow {
  semester: string;
  total: number;
  staff: number;
  groups: { group: number; count: number }[];
}
interface RetentionRow {
  semester: string;
  size: number;
  later: number[];
}
interface Usage {
  darkroomSessions: number;
  purchases: number;
  purchaseAmount: number;
}

describe('the statistics of the demo club', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let cookie = '';
  const contexts: BrowserContext[] = [];

  /** Every event up to `position`, read straight from the SQLite log (read-only, beside the running portal). */
  const eventsUpTo = (position: number): RawEvent[] => {
    const db = new Database(path.join(portal.dataDir, 'events.sqlite3'), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      const rows = db
        .prepare('SELECT position, type, data FROM events WHERE position <= ? ORDER BY position')
        .all(position) as { position: number; type: string; data: string }[];
      return rows.map((row) => ({ position: row.position, type: row.type, data: JSON.parse(row.data) }));
    } finally {
      db.close();
    }
  };

  const get = async (url: string) => {
    const { body } = await callApi(portal.baseUrl, 'GET', url, undefined, cookie);
    expect(body.status).toBe('ok');
    return body;
  };

  /** Members (fee paid, not refunded) and staff (on the roster) per semester, folded from the events. */
  const peopleBySemester = (events: RawEvent[]) => {
    const members = new Map<string, Set<number>>();
    const staff = new Map<string, Set<number>>();
    const setOf = (map: Map<string, Set<number>>, semester: string) => {
      if (!map.has(semester)) map.set(semester, new Set());
      return map.get(semester)!;
    };
    for (const { type, data } of events) {
      const due = data.due as { kind: string; semester: string } | undefined;
      if (type === 'DuePaid' && due?.kind === 'memberfee')
        setOf(members, due.semester).add(data.userPk as number);
      if (type === 'DueRefunded' && due?.kind === 'memberfee')
        setOf(members, due.semester).delete(data.userPk as number);
      if (type === 'StaffAdded') setOf(staff, data.semester as string).add(data.userPk as number);
      if (type === 'StaffRemoved') setOf(staff, data.semester as string).delete(data.userPk as number);
    }
    return { members, staff };
  };

  beforeAll(async () => {
    portal = await startPortal({ prepare: async (dataDir) => void loadDemo(dataDir) });
    cookie = (await signInApi(portal.baseUrl, HEAD.mobile, HEAD.password)).cookie;
    browser = await launchBrowser();
  }, 240_000);

  afterAll(() => closeAll(contexts, browser, portal), 30_000);

  it('counts members by identity group and follows members and staff as the events say', async () => {
    const body = await get('/api/admin/memberstaff/stat');
    const moment = body.moment as Moment;
    const stat = body.stat as {
      identity: IdentityRow[];
      memberRetention: RetentionRow[];
      staffRetention: RetentionRow[];
    };
    const events = eventsUpTo(moment.position);
    const grades = new Map<number, { identity: number; grade: string }>();
    for (const { type, data } of events) {
      if (type === 'UserRegistered')
        grades.set(data.pk as number, { identity: data.identity as number, grade: data.grade as string });
    }
    const { members, staff } = peopleBySemester(events);
    const groupOf = (pk: number) => {
      const person = grades.get(pk);
      if (!person) return 0;
      if (person.identity === 3) return 61;
      if (person.identity === 5) return 31;
      return GRADE_GROUPS[person.grade.trim()] ?? 0;
    };
    const semesters = [...new Set([...members.keys(), ...staff.keys()])].sort().reverse();
    expect(stat.identity.map((row) => row.semester)).toEqual(semesters);
    for (const row of stat.identity) {
      const people = [...(members.get(row.semester) ?? [])];
      expect(row.total).toBe(people.length);
      expect(row.staff).toBe(staff.get(row.semester)?.size ?? 0);
      const expected = new Map<number, number>();
      for (const pk of people) expected.set(groupOf(pk), (expected.get(groupOf(pk)) ?? 0) + 1);
      for (const { group, count } of row.groups)
        expect(count, `${row.semester} group ${group}`).toBe(expected.get(group) ?? 0);
    }
    // Retention one semester on: of last semester's members and staff, who is there now.
    const now = semesterAt(moment.at);
    const last = [...members.keys()]
      .filter((tag) => tag !== now)
      .sort()
      .at(-1)!;
    const kept = (map: Map<string, Set<number>>) =>
      [...(map.get(last) ?? [])].filter((pk) => map.get(now)?.has(pk)).length;
    expect(stat.memberRetention.find((row) => row.semester === last)).toEqual({
      semester: last,
      size: members.get(last)!.size,
      later: [kept(members)],
    });
    expect(stat.staffRetention.find((row) => row.semester === last)?.later).toEqual([kept(staff)]);
    // Non-trivial on the demo: two members now, two last semester, one of whom (the head) came back.
    expect(members.get(now)!.size).toBeGreaterThanOrEqual(2);
    expect(kept(members)).toBeGreaterThanOrEqual(1);
    expect(kept(staff)).toBe(1);
  });

  it("measures the club's and each member's use as the events say", async () => {
    const club = await get('/api/admin/usage/club');
    const events = eventsUpTo((club.moment as Moment).position);
    const sessions = new Map<string, number>();
    const purchases = new Map<string, { lines: number; cents: number }>();
    const add = <V>(map: Map<string, V>, key: string, empty: V, change: (value: V) => V) =>
      map.set(key, change(map.get(key) ?? empty));
    for (const { type, data } of events) {
      if (type === 'DarkroomCheckedIn') add(sessions, data.semester as string, 0, (n) => n + 1);
      if (type === 'StockSold')
        add(purchases, semesterAt(data.at!), { lines: 0, cents: 0 }, (p) => ({
          lines: p.lines + 1,
          cents: p.cents + (data.amountCents as number),
        }));
    }
    // Loans: books lent, equipment lent and not cancelled, shared paper borrowed; labels the printer did.
    const loans = new Map<string, number>();
    const cancelled = new Set<number>();
    const labelsAsked = new Map<string, number>();
    let labelsDone = 0;
    for (const { type, data } of events) {
      if (type === 'PropertyLendCancelled') cancelled.add(data.loanPk as number);
      if (type === 'LabelPrintRequested') labelsAsked.set(data.printId as string, data.quantity as number);
      if (type === 'LabelPrintFinished' && data.done === true)
        labelsDone += labelsAsked.get(data.printId as string) ?? 0;
    }
    for (const { type, data } of events) {
      const count =
        type === 'BooksBorrowed'
          ? (data.loans as unknown[]).length
          : type === 'PaperBorrowed' || (type === 'PropertyLent' && !cancelled.has(data.loanPk as number))
            ? 1
            : 0;
      if (count > 0) add(loans, semesterAt(data.at!), 0, (n) => n + count);
    }
    const rows = club.loglist as {
      semester: string;
      usage: Usage & { loans: number; labels: number };
      addValue?: number;
    }[];
    expect(rows.reduce((sum, row) => sum + row.usage.labels, 0)).toBe(labelsDone);
    expect(labelsDone).toBeGreaterThan(0);
    for (const row of rows) expect(row.usage.loans, row.semester).toBe(loans.get(row.semester) ?? 0);
    expect([...loans.values()].reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.usage.darkroomSessions, row.semester).toBe(sessions.get(row.semester) ?? 0);
      expect(row.usage.purchases, row.semester).toBe(purchases.get(row.semester)?.lines ?? 0);
      expect(row.usage.purchaseAmount, row.semester).toBeCloseTo(
        (purchases.get(row.semester)?.cents ?? 0) / 100,
        2,
      );
      expect(row).not.toHaveProperty('addValue');
    }
    expect(club.showAddValue).toBe(false);
    const now = semesterAt((club.moment as Moment).at);
    expect(sessions.get(now)).toBeGreaterThan(0);
    expect([...purchases.values()].reduce((sum, p) => sum + p.lines, 0)).toBeGreaterThan(0);

    const mine = await get('/api/admin/usage/member');
    const memberEvents = eventsUpTo((mine.moment as Moment).position);
    const byUser = new Map<number, { sessions: number; lines: number }>();
    for (const { type, data } of memberEvents) {
      const userPk = (type === 'StockSold' ? data.buyerPk : data.userPk) as number;
      const entry = byUser.get(userPk) ?? { sessions: 0, lines: 0 };
      if (type === 'DarkroomCheckedIn' && data.semester === now) entry.sessions += 1;
      else if (type === 'StockSold' && semesterAt(data.at!) === now) entry.lines += 1;
      else continue;
      byUser.set(userPk, entry);
    }
    const listed = mine.loglist as { user: { pk: number; name: string }; usage: Usage }[];
    expect(listed.length).toBeGreaterThan(0);
    for (const row of listed) {
      expect(row.usage.darkroomSessions, row.user.name).toBe(byUser.get(row.user.pk)?.sessions ?? 0);
      expect(row.usage.purchases, row.user.name).toBe(byUser.get(row.user.pk)?.lines ?? 0);
    }
    expect(listed.find((row) => row.user.name === '林小美')?.usage.darkroomSessions).toBeGreaterThan(0);
  });

  it('totals the point discounts of the past half year from the sales', async () => {
    const body = await get('/api/admin/point/stat');
    const moment = body.moment as Moment;
    const since = new Date(moment.at);
    since.setMonth(since.getMonth() - 6);
    const refunded = new Map<string, number>();
    const events = eventsUpTo(moment.position);
    for (const { type, data } of events) {
      if (type === 'StockSaleRefunded') {
        const key = `${data.stockPk}|${data.deltaId}`;
        refunded.set(key, (refunded.get(key) ?? 0) + (data.quantityMilli as number));
      }
    }
    let cents = 0;
    for (const { type, data } of events) {
      if (type !== 'StockSold' || Date.parse(data.at!) <= since.getTime()) continue;
      const discount = (data.listAmountCents as number) - (data.amountCents as number);
      const sold = data.quantityMilli as number;
      const left = sold - (refunded.get(`${data.stockPk}|${data.deltaId}`) ?? 0);
      cents += Math.round((discount * Math.max(0, left)) / sold);
    }
    expect(body.totaldiscount).toBeCloseTo(cents / 100, 2);
    expect(cents).toBeGreaterThan(0);
  });

  it('shows each staff warning the domains count on the home, as a link', { timeout: 60_000 }, async () => {
    const warnings = (
      (await get('/api/admin/warning')).staffWarning as { kind: string; quantity: number }[]
    ).filter((warning) => warning.quantity > 0);
    // The demo has overdue loans and paper boxes, an unpaid giclee job, used pouches: several kinds at once.
    expect(warnings.length).toBeGreaterThanOrEqual(3);
    const page = await signedInPage(browser, portal.baseUrl, HEAD, contexts);
    const alert = page.getByRole('alert').filter({ hasText: '幹部提醒' });
    await alert.waitFor();
    await expect(alert.getByRole('link').count()).resolves.toBe(warnings.length);
    for (const warning of warnings)
      await alert
        .getByRole('link', { name: new RegExp(`${warning.quantity} (項|盒|本|件|個|人)`) })
        .first()
        .waitFor();
  });

  it('a staff member opens each statistics page and sees the numbers', { timeout: 120_000 }, async () => {
    const stat = await get('/api/admin/memberstaff/stat');
    const current = (stat.stat as { identity: IdentityRow[] }).identity[0]!;
    const page = await signedInPage(browser, portal.baseUrl, HEAD, contexts);
    await page.goto(`${portal.baseUrl}/admin`);
    await page.getByRole('main').getByRole('link', { name: '社員與幹部統計' }).click();
    await page.getByRole('heading', { name: '社員與幹部統計' }).waitFor();
    await page.getByText(/資料截至 .*（事件紀錄第 \d+ 筆）/).waitFor();
    const identity = page.getByRole('region', { name: '各學期社員身分' });
    const row = identity.getByRole('row').filter({ hasText: current.semester });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe(String(current.total));
    await page
      .getByRole('region', { name: '社員留存' })
      .getByRole('cell', { name: /\(\d+%\)/ })
      .first()
      .waitFor();

    const usage = (await get('/api/admin/usage/member')).loglist as {
      user: { name: string };
      usage: Usage;
    }[];
    const mei = usage.find((entry) => entry.user.name === '林小美')!;
    await page.goto(`${portal.baseUrl}/admin/usage/member`);
    await page.getByRole('heading', { name: '社員使用統計' }).waitFor();
    const meiRow = page.getByRole('row').filter({ hasText: '林小美' });
    await expect(meiRow.getByRole('cell').nth(2).textContent()).resolves.toBe(
      String(mei.usage.darkroomSessions),
    );
    // Sorting by purchases puts the biggest buyer first.
    await page.getByRole('button', { name: '購買筆數' }).click();
    const most = Math.max(...usage.map((entry) => entry.usage.purchases));
    const firstRow = page.getByRole('row').nth(1);
    await expect(firstRow.getByRole('cell').nth(9).textContent()).resolves.toBe(String(most));

    const club = (await get('/api/admin/usage/club')).loglist as { semester: string; usage: Usage }[];
    await page.goto(`${portal.baseUrl}/admin/usage/club`);
    await page.getByRole('heading', { name: '社團使用統計' }).waitFor();
    const clubRow = page.getByRole('row').filter({ hasText: club[0]!.semester });
    await expect(clubRow.getByRole('cell').nth(4).textContent()).resolves.toBe(
      String(club[0]!.usage.darkroomSessions),
    );
    expect(await page.getByText('儲值金額（元）').count()).toBe(0);
    await page.getByRole('figure', { name: '各學期資源使用量' }).waitFor();

    const points = await get('/api/admin/point/stat');
    await page.goto(`${portal.baseUrl}/admin/point/stat`);
    await page.getByRole('heading', { name: '點數統計' }).waitFor();
    await page.getByText(`${points.totaldiscount} 元`, { exact: true }).waitFor();
    await page.getByText(/資料截至 .*（事件紀錄第 \d+ 筆）/).waitFor();
  });
});
