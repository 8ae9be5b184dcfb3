import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import {
  type ApplicantFacts,
  reached,
  scheduleOf,
  type WorkshopCommand,
  workshopDecider,
} from './decider.ts';
import type { Fillin, WorkshopEvent } from './events.ts';
import { pagesFor } from './questions.ts';

const now = new Date('2025-09-10T04:00:00Z');
const semester = '114-1';
const student: ApplicantFacts = {
  userPk: 7,
  isStaff: false,
  workshopever: false,
  darkroomever: false,
  membertoomore: false,
};
const open: WorkshopEvent = {
  type: 'WorkshopScheduleSet',
  data: { semester, timeschedule: 'open', offered: [1, 3], byPk: 1, at: now.toISOString() },
};
const page1: Fillin = {
  name: 'Lin',
  mobile: '0912345678',
  email: 'lin@example.com',
  studepartment: 'Physics',
  stuid: 'B12345678',
  grade: '1',
};
const full: Fillin = {
  ...page1,
  camera: 'digital',
  filmever: 'no',
  darkroomever: 'no',
  choice1: '3',
  choice2: '1',
  availability: 'Tue, Thu evenings',
  photogenre: 'street',
  cameramodel: 'X100',
  filmcamera: 'borrow',
  darkroomwhy: 'prints',
  motivation: 'learn',
  semester2plan: 'continue',
  agree: 'yes',
};

const save = (over: Partial<Extract<WorkshopCommand, { type: 'SaveForm' }>> = {}): WorkshopCommand => ({
  type: 'SaveForm',
  semester,
  applicant: student,
  fillin: page1,
  step: 1,
  finish: false,
  test: false,
  photos: 0,
  ...over,
});
const decide = (history: WorkshopEvent[], command: WorkshopCommand) =>
  workshopDecider.decide(command, fold(workshopDecider, history), now);
const apply = (history: WorkshopEvent[], command: WorkshopCommand): WorkshopEvent[] => {
  const events = decide(history, command);
  if (!Array.isArray(events)) throw new Error(events.rejected);
  return [...history, ...events];
};

describe('workshop timeschedule', () => {
  it('takes new forms only while open; a semester never set has not started', () => {
    expect(decide([], save())).toEqual({ rejected: 'notopen' });
    const history = apply([open], save());
    const ended: WorkshopEvent = { ...open, data: { ...open.data, timeschedule: 'end' } };
    // A form begun while open may still be edited after the end, until close.
    expect(Array.isArray(decide([...history, ended], save({ fillin: { grade: '2' } })))).toBe(true);
    expect(decide([ended], save({ applicant: { ...student, userPk: 8 } }))).toEqual({ rejected: 'notopen' });
    const closed: WorkshopEvent = { ...open, data: { ...open.data, timeschedule: 'close' } };
    expect(decide([...history, closed], save())).toEqual({ rejected: 'closed' });
    expect(scheduleOf(fold(workshopDecider, []), semester).timeschedule).toBe('notstart');
    expect(reached('showresult', 'showresult')).toBe(true);
    expect(reached('end', 'showresult')).toBe(false);
  });

  it('only workshopset staff set it', () => {
    const command: WorkshopCommand = {
      type: 'SetSchedule',
      semester,
      timeschedule: 'open',
      offered: [3, 1, 3],
      byPk: 1,
      mayset: false,
    };
    expect(decide([], command)).toEqual({ rejected: 'forbidden' });
    const events = decide([], { ...command, mayset: true });
    expect(events).toMatchObject([{ data: { offered: [1, 3], timeschedule: 'open' } }]);
  });
});

describe('workshop form drafts and submission', () => {
  it('keeps drafts page by page and submits on leaving page 6 with 4 photos', () => {
    let history = apply([open], save());
    history = apply(history, save({ fillin: full, step: 3 }));
    let state = fold(workshopDecider, history);
    const form = [...state.forms.values()][0]!;
    expect(form.finishtime).toBeNull();
    expect(form.fillin.name).toBe('Lin');
    expect(form.modifytime).toBe(now.toISOString());
    expect(decide(history, save({ fillin: {}, step: 6, finish: true, photos: 3 }))).toEqual({
      rejected: 'photos',
    });
    expect(decide(history, save({ fillin: {}, step: 6, finish: true, photos: 5 }))).toEqual({
      rejected: 'photos',
    });
    history = apply(history, save({ fillin: {}, step: 6, finish: true, photos: 4 }));
    state = fold(workshopDecider, history);
    expect(state.forms.get(form.pk)?.finishtime).toBe(now.toISOString());
    // One form per person and semester: later saves edit it.
    history = apply(history, save({ fillin: { other: 'hello' }, step: 6 }));
    expect(fold(workshopDecider, history).forms.size).toBe(1);
  });

  it("refuses a page with a missing required answer ('check data')", () => {
    expect(decide([open], save({ fillin: { ...page1, mobile: ' ' } }))).toEqual({ rejected: 'checkdata' });
    expect(decide([open], save({ fillin: { ...full, agree: '' }, step: 6 }))).toEqual({
      rejected: 'checkdata',
    });
    // The last free-text field is optional.
    expect(Array.isArray(decide([open], save({ fillin: { ...full, other: '' }, step: 6 })))).toBe(true);
  });

  it('clears wish 2 when it equals wish 1 and allows only offered kinds', () => {
    const history = apply([open], save({ fillin: { ...full, choice1: '1', choice2: '1' }, step: 3 }));
    expect([...fold(workshopDecider, history).forms.values()][0]?.fillin.choice2).toBe('none');
    const onlyPhoto: WorkshopEvent = { ...open, data: { ...open.data, offered: [3] } };
    expect(
      decide([onlyPhoto], save({ fillin: { ...full, choice1: '1', choice2: 'none' }, step: 3 })),
    ).toEqual({
      rejected: 'checkdata',
    });
  });

  it('shows page 4 only for photography and page 5 only for darkroom', () => {
    expect(pagesFor({ choice1: '3', choice2: 'none' })).toEqual([1, 2, 3, 4, 6, 7]);
    expect(pagesFor({ choice1: '1', choice2: 'none' })).toEqual([1, 2, 3, 5, 6, 7]);
    expect(pagesFor({ choice1: '1', choice2: '3' })).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("blocks returning workshop students ('limit 1 time') but not staff", () => {
    expect(decide([open], save({ applicant: { ...student, workshopever: true } }))).toEqual({
      rejected: 'limit1time',
    });
    const staff = { ...student, isStaff: true, workshopever: true };
    expect(Array.isArray(decide([open], save({ applicant: staff })))).toBe(true);
  });

  it('marks staff tests, never a member', () => {
    const tested = apply([open], save({ applicant: { ...student, isStaff: true }, test: true }));
    expect([...fold(workshopDecider, tested).forms.values()][0]?.test).toBe(true);
    const member = apply([open], save({ test: true }));
    expect([...fold(workshopDecider, member).forms.values()][0]?.test).toBe(false);
  });
});

describe('workshop results', () => {
  const submitted = apply(
    apply([open], save({ fillin: full, step: 3 })),
    save({ fillin: {}, step: 6, finish: true, photos: 4 }),
  );
  const pk = [...fold(workshopDecider, submitted).forms.keys()][0]!;
  const setResult = (result: 0 | 1 | 3 | 99, mayset = true): WorkshopCommand => ({
    type: 'SetResult',
    pk,
    result,
    byPk: 1,
    mayset,
  });

  it('sets choice 1, choice 2, reject or unset by workshopset only', () => {
    expect(decide(submitted, setResult(3, false))).toEqual({ rejected: 'forbidden' });
    for (const result of [3, 1, 99, 0] as const) {
      const history = apply(submitted, setResult(result));
      expect(fold(workshopDecider, history).forms.get(pk)?.result).toBe(result);
    }
  });

  it('refuses a kind that is not a wish, drafts and staff tests', () => {
    const oneWish = apply(submitted, save({ fillin: { choice2: 'none' }, step: 3 }));
    expect(decide(oneWish, setResult(1))).toEqual({ rejected: 'notwish' });
    const draft = apply([open], save());
    expect(decide(draft, setResult(99))).toEqual({ rejected: 'notsubmitted' });
    const test = apply([open], save({ applicant: { ...student, isStaff: true }, test: true }));
    expect(decide(test, setResult(99))).toEqual({ rejected: 'test' });
  });
});
