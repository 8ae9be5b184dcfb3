import { describe, expect, it } from 'vitest';
import { fold, type Rejection } from '../decider.ts';
import {
  type ConfirmPoint,
  type EditPoint,
  MAX_REASON_LENGTH,
  type PointCommand,
  type PointState,
  pointDecider,
  pointStateStatus,
  type RequestPoint,
} from './decider.ts';
import { type PointEvent, pointEventSchema } from './events.ts';

// Users: 1 a member, 2 another member, 7 staff without the point authority, 9 the point head.
const member = { actorPk: 1, actorIsStaff: false, actorHasPointAuthority: false };
const otherMember = { actorPk: 2, actorIsStaff: false, actorHasPointAuthority: false };
const staff = { actorPk: 7, actorIsStaff: true, actorHasPointAuthority: false };
const pointHead = { actorPk: 9, actorIsStaff: true, actorHasPointAuthority: true };

const requestedAt = new Date('2026-03-10T04:00:00.000Z');
const hours = (count: number) => new Date(requestedAt.getTime() + count * 60 * 60 * 1000);
const pendingTime = hours(24);
const validTime = hours(24 * 10);
const expiredTime = new Date('2026-09-14T00:00:00.000Z');

const request = (overrides: Partial<RequestPoint> = {}): RequestPoint => ({
  type: 'RequestPoint',
  pointId: 5,
  ...member,
  recipientPk: 1,
  workdate: '2026-03-09',
  kind: 'club_room',
  reason: 'tidied the club room',
  amountHundredths: 250,
  otherPointsSameDayHundredths: 0,
  ...overrides,
});

const memberRequested: PointEvent = {
  type: 'PointRequested',
  data: {
    pointId: 5,
    workdate: '2026-03-09',
    applicantPk: 1,
    recipientPk: 1,
    kind: 'club_room',
    reason: 'tidied the club room',
    amountHundredths: 250,
    requestedAt: requestedAt.toISOString(),
    byPointAuthority: false,
    effectiveAt: '2026-03-13T04:00:00.000Z',
  },
};

const edit = (overrides: Partial<EditPoint> = {}): EditPoint => ({
  type: 'EditPoint',
  pointId: 5,
  ...member,
  recipientPk: 1,
  workdate: '2026-03-09',
  kind: 'club_room',
  reason: 'tidied the club room',
  amountHundredths: 250,
  otherPointsSameDayHundredths: 0,
  ...overrides,
});

const confirm = (
  confirmtype: ConfirmPoint['confirmtype'],
  overrides: Partial<ConfirmPoint> = {},
): ConfirmPoint => ({
  type: 'ConfirmPoint',
  pointId: 5,
  ...pointHead,
  confirmtype,
  otherPointsSameDayHundredths: 0,
  ...overrides,
});

const invalidated: PointEvent = {
  type: 'PointInvalidated',
  data: { pointId: 5, confirmerPk: 9, invalidatedAt: hours(30).toISOString() },
};

/** Given these events, when this command at `now`: the events or the rejection decided. */
const given = (events: PointEvent[]) => ({
  when: (command: PointCommand, now: Date): PointEvent[] | Rejection => {
    const decided = pointDecider.decide(command, fold(pointDecider, events), now);
    if (Array.isArray(decided)) for (const event of decided) pointEventSchema.parse(event);
    return decided;
  },
});

const stateAfter = (events: PointEvent[]): PointState => fold(pointDecider, events);

const decidedEvents = (decided: PointEvent[] | Rejection): PointEvent[] => {
  if (!Array.isArray(decided)) throw new Error(`rejected: ${decided.rejected}`);
  return decided;
};

describe('point decider: request', () => {
  it("a member's request for themselves takes effect three days later, reason trimmed", () => {
    expect(given([]).when(request({ reason: '  tidied the club room ' }), requestedAt)).toEqual([
      memberRequested,
    ]);
  });

  it('a request by the point authority takes effect at once', () => {
    const decided = decidedEvents(given([]).when(request({ ...pointHead, recipientPk: 1 }), requestedAt));
    expect(decided[0]?.data).toMatchObject({
      applicantPk: 9,
      recipientPk: 1,
      byPointAuthority: true,
      effectiveAt: requestedAt.toISOString(),
    });
    expect(pointStateStatus(stateAfter(decided), requestedAt)).toBe(2);
  });

  it('staff may give points to another user; the three-day wait still applies without the authority', () => {
    const decided = decidedEvents(given([]).when(request({ ...staff, recipientPk: 1 }), requestedAt));
    expect(decided[0]?.data).toMatchObject({
      applicantPk: 7,
      recipientPk: 1,
      effectiveAt: '2026-03-13T04:00:00.000Z',
    });
  });

  it('a member who is not staff may not give points to another user: forbidden', () => {
    expect(given([]).when(request({ recipientPk: 2 }), requestedAt)).toEqual({ rejected: 'forbidden' });
  });

  it('a holder of the point authority may give points to another user even without the staff flag', () => {
    const authorityOnly = { actorPk: 3, actorIsStaff: false, actorHasPointAuthority: true };
    expect(Array.isArray(given([]).when(request({ ...authorityOnly, recipientPk: 1 }), requestedAt))).toBe(
      true,
    );
  });

  it.each([
    ['zero points', { amountHundredths: 0 }],
    ['negative points', { amountHundredths: -100 }],
    ['a fraction of a hundredth', { amountHundredths: 12.5 }],
    ['a blank reason', { reason: '   ' }],
    ['a reason that is too long', { reason: 'x'.repeat(MAX_REASON_LENGTH + 1) }],
    ['no recipient', { recipientPk: null }],
    ['a recipient that is not a user pk', { recipientPk: 0 }],
    ['no kind', { kind: '' }],
    ['an unknown kind', { kind: '攝影' }],
    ['a malformed work date', { workdate: '2026/03/09' }],
    ['a work date that does not exist', { workdate: '2026-02-29' }],
  ] satisfies [string, Partial<RequestPoint>][])('%s: format', (_name, overrides) => {
    expect(given([]).when(request(overrides), requestedAt)).toEqual({ rejected: 'format' });
  });

  it('the format check comes before the recipient check', () => {
    expect(given([]).when(request({ recipientPk: 2, reason: '' }), requestedAt)).toEqual({
      rejected: 'format',
    });
  });

  it('more than 10 points in one request: daily_limit', () => {
    expect(given([]).when(request({ amountHundredths: 1001 }), requestedAt)).toMatchObject({
      rejected: 'daily_limit',
    });
  });

  it('exactly 10 points for the day is allowed', () => {
    const decided = given([]).when(
      request({ amountHundredths: 400, otherPointsSameDayHundredths: 600 }),
      requestedAt,
    );
    expect(Array.isArray(decided)).toBe(true);
  });

  it("more than 10 points for the recipient's work date across requests: daily_limit with the remainder", () => {
    expect(
      given([]).when(request({ amountHundredths: 401, otherPointsSameDayHundredths: 600 }), requestedAt),
    ).toEqual({
      rejected: 'daily_limit',
      detail: { limitHundredths: 1000, otherPointsSameDayHundredths: 600, remainingHundredths: 400 },
    });
  });

  it('the daily limit binds the point authority too', () => {
    expect(
      given([]).when(
        request({ ...pointHead, amountHundredths: 500, otherPointsSameDayHundredths: 600 }),
        requestedAt,
      ),
    ).toMatchObject({ rejected: 'daily_limit' });
  });

  it('a retried request with the same id and content records nothing', () => {
    expect(given([memberRequested]).when(request({ reason: ' tidied the club room' }), hours(1))).toEqual([]);
  });

  it('a retried request still matches after the record was edited', () => {
    const edited: PointEvent = {
      type: 'PointEdited',
      data: {
        pointId: 5,
        changes: { amountHundredths: 300 },
        editorPk: 1,
        editedAt: hours(1).toISOString(),
        byPointAuthority: false,
      },
    };
    expect(given([memberRequested, edited]).when(request(), hours(2))).toEqual([]);
  });

  it('the same id with different content: mismatch', () => {
    expect(given([memberRequested]).when(request({ amountHundredths: 300 }), hours(1))).toEqual({
      rejected: 'mismatch',
    });
    expect(given([memberRequested]).when(request({ ...otherMember, recipientPk: 1 }), hours(1))).toEqual({
      rejected: 'mismatch',
    });
    expect(given([memberRequested]).when(request({ reason: '' }), hours(1))).toEqual({
      rejected: 'mismatch',
    });
  });
});

describe('point decider: edit', () => {
  it('an edit of a record never requested: notfound', () => {
    expect(given([]).when(edit(), requestedAt)).toEqual({ rejected: 'notfound' });
  });

  it('the requester edits while pending: only changed fields are recorded and the effective time is kept', () => {
    const decided = given([memberRequested]).when(
      edit({ amountHundredths: 300, reason: 'tidied and swept' }),
      pendingTime,
    );
    expect(decided).toEqual([
      {
        type: 'PointEdited',
        data: {
          pointId: 5,
          changes: { amountHundredths: 300, reason: 'tidied and swept' },
          editorPk: 1,
          editedAt: pendingTime.toISOString(),
          byPointAuthority: false,
        },
      },
    ]);
    const state = stateAfter([memberRequested, ...decidedEvents(decided)]);
    expect(state.status === 'recorded' && state.record).toMatchObject({
      amountHundredths: 300,
      reason: 'tidied and swept',
      effectiveAt: '2026-03-13T04:00:00.000Z',
    });
  });

  it('the recipient may edit while pending', () => {
    const byStaffForMember: PointEvent = {
      type: 'PointRequested',
      data: { ...memberRequested.data, applicantPk: 7 } as Extract<
        PointEvent,
        { type: 'PointRequested' }
      >['data'],
    };
    expect(Array.isArray(given([byStaffForMember]).when(edit({ amountHundredths: 100 }), pendingTime))).toBe(
      true,
    );
  });

  it('saving the form unchanged records nothing', () => {
    expect(given([memberRequested]).when(edit({ reason: ' tidied the club room ' }), pendingTime)).toEqual(
      [],
    );
  });

  it('the requester may not edit once the record is valid: forbidden', () => {
    expect(given([memberRequested]).when(edit({ amountHundredths: 300 }), validTime)).toEqual({
      rejected: 'forbidden',
    });
  });

  it('the requester may not edit an invalidated record: forbidden', () => {
    expect(given([memberRequested, invalidated]).when(edit({ amountHundredths: 300 }), hours(31))).toEqual({
      rejected: 'forbidden',
    });
  });

  it('the requester editing an expired record: expired', () => {
    expect(given([memberRequested]).when(edit({ amountHundredths: 300 }), expiredTime)).toEqual({
      rejected: 'expired',
    });
  });

  it('someone who is neither party nor point authority: forbidden, even while pending', () => {
    expect(
      given([memberRequested]).when(edit({ ...otherMember, amountHundredths: 300 }), pendingTime),
    ).toEqual({
      rejected: 'forbidden',
    });
    expect(given([memberRequested]).when(edit({ ...staff, amountHundredths: 300 }), pendingTime)).toEqual({
      rejected: 'forbidden',
    });
  });

  it('the point authority edits a valid record without moving its effective time', () => {
    const decided = decidedEvents(
      given([memberRequested]).when(edit({ ...pointHead, kind: 'darkroom' }), validTime),
    );
    expect(decided[0]?.data).toMatchObject({
      changes: { kind: 'darkroom' },
      editorPk: 9,
      byPointAuthority: true,
    });
    const state = stateAfter([memberRequested, ...decided]);
    expect(state.status === 'recorded' && state.record.effectiveAt).toBe('2026-03-13T04:00:00.000Z');
    expect(pointStateStatus(state, validTime)).toBe(2);
  });

  it('the point authority edits a pending record: it stays pending until its set effective time', () => {
    const decided = decidedEvents(
      given([memberRequested]).when(edit({ ...pointHead, amountHundredths: 100 }), pendingTime),
    );
    expect(pointStateStatus(stateAfter([memberRequested, ...decided]), pendingTime)).toBe(1);
  });

  it('the point authority may edit an invalidated record; it stays invalid', () => {
    const decided = decidedEvents(
      given([memberRequested, invalidated]).when(edit({ ...pointHead, amountHundredths: 900 }), validTime),
    );
    expect(pointStateStatus(stateAfter([memberRequested, invalidated, ...decided]), validTime)).toBe(0);
  });

  it('the point authority editing an expired record: expired', () => {
    expect(given([memberRequested]).when(edit({ ...pointHead, amountHundredths: 300 }), expiredTime)).toEqual(
      {
        rejected: 'expired',
      },
    );
  });

  it('an edit with bad fields: format', () => {
    expect(given([memberRequested]).when(edit({ amountHundredths: 0 }), pendingTime)).toEqual({
      rejected: 'format',
    });
    expect(given([memberRequested]).when(edit({ recipientPk: null }), pendingTime)).toEqual({
      rejected: 'format',
    });
  });

  it('a member who is not staff may not move the points to another user: forbidden', () => {
    expect(given([memberRequested]).when(edit({ recipientPk: 2 }), pendingTime)).toEqual({
      rejected: 'forbidden',
    });
  });

  it('the point authority may move the points to another user', () => {
    expect(
      decidedEvents(given([memberRequested]).when(edit({ ...pointHead, recipientPk: 2 }), pendingTime))[0]
        ?.data,
    ).toMatchObject({
      changes: { recipientPk: 2 },
    });
  });

  it('an edit raising the amount above 10 points: daily_limit', () => {
    expect(given([memberRequested]).when(edit({ amountHundredths: 1001 }), pendingTime)).toMatchObject({
      rejected: 'daily_limit',
    });
  });

  it('an edit moving the record onto a day that is full for the recipient: daily_limit', () => {
    expect(
      given([memberRequested]).when(
        edit({ workdate: '2026-03-08', otherPointsSameDayHundredths: 800 }),
        pendingTime,
      ),
    ).toMatchObject({ rejected: 'daily_limit' });
  });

  it('an edit that does not touch amount, day or recipient is not held to the day total', () => {
    expect(
      Array.isArray(
        given([memberRequested]).when(
          edit({ reason: 'swept', otherPointsSameDayHundredths: 900 }),
          pendingTime,
        ),
      ),
    ).toBe(true);
  });

  it('an invalidated record does not count toward the day, so its amount may be edited up to 10 points', () => {
    const decided = given([memberRequested, invalidated]).when(
      edit({ ...pointHead, amountHundredths: 1000, otherPointsSameDayHundredths: 900 }),
      validTime,
    );
    expect(Array.isArray(decided)).toBe(true);
  });
});

describe('point decider: confirm', () => {
  it('a confirmation by someone without the point authority: forbidden', () => {
    expect(given([memberRequested]).when(confirm('valid', staff), pendingTime)).toEqual({
      rejected: 'forbidden',
    });
    expect(given([memberRequested]).when(confirm('invalid', member), pendingTime)).toEqual({
      rejected: 'forbidden',
    });
  });

  it('a confirmation of a record never requested: notfound', () => {
    expect(given([]).when(confirm('valid'), pendingTime)).toEqual({ rejected: 'notfound' });
  });

  it("'set' on a pending record keeps the set effective time and records the review", () => {
    const decided = given([memberRequested]).when(confirm('set'), pendingTime);
    expect(decided).toEqual([
      {
        type: 'PointEffectiveTimeKept',
        data: {
          pointId: 5,
          confirmerPk: 9,
          confirmedAt: pendingTime.toISOString(),
          effectiveAt: '2026-03-13T04:00:00.000Z',
        },
      },
    ]);
    const state = stateAfter([memberRequested, ...decidedEvents(decided)]);
    expect(state.status === 'recorded' && state.record).toMatchObject({
      effectiveAt: '2026-03-13T04:00:00.000Z',
      confirmedAt: pendingTime.toISOString(),
      confirmerPk: 9,
    });
    expect(pointStateStatus(state, pendingTime)).toBe(1);
  });

  it("'set' on a record that is valid or invalid: notpending", () => {
    expect(given([memberRequested]).when(confirm('set'), validTime)).toEqual({ rejected: 'notpending' });
    expect(given([memberRequested, invalidated]).when(confirm('set'), hours(31))).toEqual({
      rejected: 'notpending',
    });
  });

  it("'valid' on a pending record makes it effective now", () => {
    const decided = given([memberRequested]).when(confirm('valid'), pendingTime);
    expect(decided).toEqual([
      {
        type: 'PointConfirmed',
        data: {
          pointId: 5,
          confirmerPk: 9,
          confirmedAt: pendingTime.toISOString(),
          effectiveAt: pendingTime.toISOString(),
        },
      },
    ]);
    expect(pointStateStatus(stateAfter([memberRequested, ...decidedEvents(decided)]), pendingTime)).toBe(2);
  });

  it("'valid' on a record already valid records nothing and does not renew it", () => {
    expect(given([memberRequested]).when(confirm('valid'), validTime)).toEqual([]);
  });

  it("'valid' on an invalidated record brings it back, effective now", () => {
    const decided = decidedEvents(given([memberRequested, invalidated]).when(confirm('valid'), validTime));
    const state = stateAfter([memberRequested, invalidated, ...decided]);
    expect(state.status).toBe('recorded');
    expect(state.status === 'recorded' && state.record.effectiveAt).toBe(validTime.toISOString());
    expect(pointStateStatus(state, validTime)).toBe(2);
  });

  it("'valid' on an invalidated record whose day has since filled up: daily_limit", () => {
    expect(
      given([memberRequested, invalidated]).when(
        confirm('valid', { otherPointsSameDayHundredths: 800 }),
        validTime,
      ),
    ).toMatchObject({ rejected: 'daily_limit' });
  });

  it("'invalid' sets the record to status 0 (review failed)", () => {
    const decided = decidedEvents(given([memberRequested]).when(confirm('invalid'), validTime));
    expect(decided).toEqual([
      {
        type: 'PointInvalidated',
        data: { pointId: 5, confirmerPk: 9, invalidatedAt: validTime.toISOString() },
      },
    ]);
    expect(pointStateStatus(stateAfter([memberRequested, ...decided]), validTime)).toBe(0);
    expect(pointStateStatus(stateAfter([memberRequested, ...decided]), expiredTime)).toBe(0);
  });

  it("'invalid' on an invalidated record records nothing", () => {
    expect(given([memberRequested, invalidated]).when(confirm('invalid'), validTime)).toEqual([]);
  });

  it.each(['set', 'valid', 'invalid'] as const)("'%s' on an expired record: expired", (confirmtype) => {
    expect(given([memberRequested]).when(confirm(confirmtype), expiredTime)).toEqual({ rejected: 'expired' });
  });
});

describe('point decider: programmer errors', () => {
  it('throws when given the state of another record', () => {
    expect(() => given([memberRequested]).when(edit({ pointId: 6 }), pendingTime)).toThrow();
  });

  it('throws on a negative or fractional day total from the caller', () => {
    expect(() => given([]).when(request({ otherPointsSameDayHundredths: -1 }), requestedAt)).toThrow();
    expect(() => given([]).when(request({ otherPointsSameDayHundredths: 0.5 }), requestedAt)).toThrow();
  });

  it('evolve throws on an event that does not follow a request', () => {
    expect(() => stateAfter([invalidated])).toThrow();
    expect(() => stateAfter([memberRequested, memberRequested])).toThrow();
  });
});
