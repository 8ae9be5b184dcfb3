// Darkroom sessions through the whole app on the real store: a member checks in, enters lines and a
// chemical used, sees the preview and the allowance, checks out, and finds the charge in their transaction
// log; staff see the session in AdminDarkroomLog (ongoing without end time) and check in for a member at
// the counter; a crash between the check-out and its posting is finished when the app starts again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '@club/core/eventstore/sqlite';
import { CLUB_ACCOUNTS } from '@club/core/ledger/accounts';
import { portalProjections, rebuildAll } from '@club/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMemberFeeByOperator } from '../bootstrap.ts';
import { defineClubChemicals } from '../darkroom/catalogue.ts';
import { settleDarkroomSessions } from '../darkroom/sessions.ts';
import { createTestPortal, signUp, signUpStaff, type TestPerson, type TestPortal } from '../testing.ts';

let portal: TestPortal;
let staff: TestPerson;
let member: TestPerson;
let other: TestPerson;
let stranger: TestPerson;

beforeAll(async () => {
  portal = await createTestPortal({ now: new Date('2026-11-23T06:00:00Z') });
  await defineClubChemicals(portal.app.services, {
    now: portal.clock.now,
    actor: null,
    correlationId: 'chem',
  });
  staff = await signUpStaff(portal, '陳暗房');
  member = await signUp(portal, '林沖片');
  other = await signUp(portal, '張放大');
  stranger = await signUp(portal, '路人甲');
  await recordMemberFeeByOperator(portal.app.services, member.pk);
  await recordMemberFeeByOperator(portal.app.services, other.pk);
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

type Log = {
  loglist: {
    endtime: string | null;
    user: { pk: number };
    values: { kind: boolean[]; result: Record<string, number>[] };
    fee: number | null;
    chemicals: { name: string; volume: number }[];
  }[];
};

describe('POST /api/darkroom/session', () => {
  it('checks in, takes lines in any order, previews the charge and posts it at check-out', async () => {
    const client = member.client;
    expect(
      (await client.post('/api/darkroom/session', { cmd: 'line', kind: 0, format: '135', quantity: 1 })).body
        .reason,
    ).toBe('not_in');
    const checkin = await client.post('/api/darkroom/session', { cmd: 'checkin', requestId: 'in-1' });
    expect(checkin.body.status).toBe('ok');
    expect(
      (await client.post('/api/darkroom/session', { cmd: 'checkin', requestId: 'in-1' })).body.status,
    ).toBe('ok');
    expect(
      (await client.post('/api/darkroom/session', { cmd: 'checkin', requestId: 'in-2' })).body.reason,
    ).toBe('already_in');
    await client.post('/api/darkroom/session', {
      cmd: 'line',
      kind: 0,
      format: '135',
      quantity: '12',
      requestId: 'l1',
    });
    await client.post('/api/darkroom/session', {
      cmd: 'line',
      kind: 0,
      format: '135',
      quantity: '12',
      requestId: 'l1',
    });
    await client.post('/api/darkroom/session', { cmd: 'line', kind: 1, format: '8x10', quantity: 6 });
    expect(
      (await client.post('/api/darkroom/session', { cmd: 'line', kind: 1, format: '135', quantity: 1 })).body
        .reason,
    ).toBe('format');
    expect(
      (await client.post('/api/darkroom/session', { cmd: 'line', kind: 0, format: '120', quantity: 0 })).body
        .reason,
    ).toBe('format');
    const used = await client.post('/api/darkroom/session', { cmd: 'chemical', chemicalPk: 1, volume: 500 });
    expect(used.body.session).toMatchObject({ endtime: null, chemicals: [{ name: 'D-76', volume: 500 }] });
    // 12 b/w rolls: 10 covered, 2 × 30; the printing session covered.
    expect(used.body.preview).toEqual({
      items: [
        { code: 'bw_film_roll', quantity: 12, covered: 10, unitprice: 30, amount: 60 },
        { code: 'bw_print_session', quantity: 1, covered: 1, unitprice: 30, amount: 0 },
      ],
      total: 60,
    });

    const log = await staff.client.get('/api/admin/darkroom/list/1');
    const ongoing = (log.body as unknown as Log).loglist.find((row) => row.user.pk === member.pk)!;
    expect(ongoing).toMatchObject({ endtime: null, fee: null, values: { kind: [true, true, false, false] } });
    expect(ongoing.values.result[0]).toEqual({ '135': 12 });

    const out = await client.post('/api/darkroom/session', { cmd: 'checkout' });
    expect(out.body.charged).toMatchObject({ total: 60 });
    expect(out.body.session).toBeNull();
    expect(out.body.allowance).toEqual({
      bwRolls: { total: 10, used: 10, left: 0 },
      bwPrintSessions: { total: 5, used: 1, left: 4 },
    });
    expect((await client.post('/api/darkroom/session', { cmd: 'checkout' })).body.reason).toBe('not_in');
    const trans = await client.get('/api/user/trans/log/1');
    const rows = trans.body.loglist as { summary: string; delta: number }[];
    expect(rows[0]).toMatchObject({ delta: -60, summary: expect.stringContaining('黑白底片 2 捲') });
    const after = await staff.client.get('/api/admin/darkroom/list/1');
    const ended = (after.body as unknown as Log).loglist.find((row) => row.user.pk === member.pk)!;
    expect(ended.endtime).not.toBeNull();
    expect(ended.fee).toBe(60);
    const d76 = portal.app.services.projections.models.darkroomDevices.chemicals.get(1)!;
    expect(d76.volume).toBe(7600 - 500);

    // A second session in the semester: the allowance is gone, every roll is charged.
    await client.post('/api/darkroom/session', { cmd: 'checkin' });
    await client.post('/api/darkroom/session', { cmd: 'line', kind: 0, format: '120', quantity: 1 });
    expect((await client.post('/api/darkroom/session', { cmd: 'checkout' })).body.charged).toMatchObject({
      total: 30,
    });
  });

  it('lets staff at the counter act for a member, and nobody else', async () => {
    expect(
      (await member.client.post('/api/darkroom/session', { cmd: 'checkin', userpk: other.pk })).statusCode,
    ).toBe(403);
    expect((await stranger.client.post('/api/darkroom/session', { cmd: 'checkin' })).statusCode).toBe(403);
    const counter = await staff.client.post('/api/darkroom/session', { cmd: 'checkin', userpk: other.pk });
    expect(counter.body).toMatchObject({ status: 'ok', user: { pk: other.pk } });
    await staff.client.post('/api/darkroom/session', {
      cmd: 'line',
      userpk: other.pk,
      kind: 2,
      format: '135',
      quantity: 2,
    });
    const seen = await other.client.get('/api/darkroom/session');
    expect(seen.body.preview).toMatchObject({ total: 100 });
    const out = await staff.client.post('/api/darkroom/session', { cmd: 'checkout', userpk: other.pk });
    expect(out.body.charged).toMatchObject({ total: 100 });
    expect((await member.client.get('/api/admin/darkroom/list/1')).statusCode).toBe(403);
  });

  it('at the counter kiosk (store scope) a member checks in and out for themselves', async () => {
    const kiosk = (body: Record<string, unknown>) =>
      other.client.request('POST', '/api/darkroom/session', body, { scope: 'store' });
    expect((await kiosk({ cmd: 'checkin' })).body.session).toMatchObject({ endtime: null });
    await kiosk({ cmd: 'line', kind: 3, format: '8x10', quantity: 4 });
    // Colour enlarging charges nothing here: its paper is paid through the shared paper boxes.
    const out = await kiosk({ cmd: 'checkout' });
    expect(out.body.charged).toEqual({ items: [], total: 0 });
    expect(out.body.recent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lines: [expect.objectContaining({ kind: 3, quantity: 4 })] }),
      ]),
    );
  });
});

describe('the darkroomSessions read model', () => {
  it('rebuilt from zero equals the live one', async () => {
    const live = portal.app.services.projections;
    await live.waitFor(await portal.store.headPosition());
    const rebuilt = await rebuildAll(portal.store, portalProjections);
    expect(rebuilt.models.darkroomSessions.sessions.length).toBeGreaterThanOrEqual(3);
    expect(rebuilt.models.darkroomSessions).toEqual(live.models.darkroomSessions);
    expect(rebuilt.models.ledger).toEqual(live.models.ledger);
  });
});

describe('restart after a crash between a check-out and its posting', () => {
  it('posts the missing charge once when the app starts again', async () => {
    const store = openSqliteEventStore({ file: ':memory:' });
    const dataDir = mkdtempSync(join(tmpdir(), 'darkroom-restart-'));
    const first = await createTestPortal({ store, dataDir, now: new Date('2026-11-23T06:00:00Z') });
    const person = await signUp(first, '周重開');
    await recordMemberFeeByOperator(first.app.services, person.pk);
    await person.client.post('/api/darkroom/session', { cmd: 'checkin' });
    await person.client.post('/api/darkroom/session', { cmd: 'line', kind: 2, format: '120', quantity: 3 });
    const services = first.app.services;
    const sessionId = services.projections.models.darkroomSessions.openByUser.get(person.pk)!.sessionId;
    // The check-out is stored, and the process dies before the posting.
    const stored = await services.darkroomSessions.handle(
      person.pk,
      { type: 'CheckOut', sessionId, byPk: person.pk },
      { now: services.now(), actor: null, correlationId: 'crash' },
    );
    expect(stored.ok).toBe(true);
    expect(await services.ledger.balanceOf(person.pk)).toBe(0);
    await first.app.close();
    const second = await createTestPortal({ store, dataDir, now: new Date('2026-11-23T07:00:00Z') });
    try {
      expect(await second.app.services.ledger.balanceOf(person.pk)).toBe(-15_000);
      await settleDarkroomSessions(second.app.services, { warn() {} });
      expect(await second.app.services.ledger.balanceOf(person.pk)).toBe(-15_000);
      expect(await second.app.services.ledger.balanceOf(CLUB_ACCOUNTS.darkroomIncome.id)).toBe(15_000);
    } finally {
      await second.close();
    }
  });
});
