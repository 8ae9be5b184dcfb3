// The workshop decider: per-semester timeschedules, forms saved page by page, submission, results.
// Facts from other domains (staff or not, earlier workshops, darkroom sessions, memberships) arrive on
// the command; the roster entry of an admitted applicant is the access domain's (service.ts).
import { assertNever, type Decider, reject } from '../decider.ts';
import {
  type ApplicationKind,
  type Fillin,
  type Timeschedule,
  TIMESCHEDULES,
  type WorkshopEvent,
  type WorkshopResult,
} from './events.ts';
import {
  MEMBERSHIPS_NEW_STUDENT_MAX,
  normaliseFillin,
  PHOTOS_REQUIRED,
  pagesFor,
  pageValid,
  wishesOf,
} from './questions.ts';

export interface WorkshopForm {
  pk: number;
  semester: string;
  userPk: number;
  fillin: Fillin;
  step: number;
  test: boolean;
  modifytime: string;
  finishtime: string | null;
  result: WorkshopResult;
}

export interface SemesterSchedule {
  timeschedule: Timeschedule;
  offered: ApplicationKind[];
}

export interface WorkshopState {
  schedules: ReadonlyMap<string, SemesterSchedule>;
  forms: ReadonlyMap<number, WorkshopForm>;
  /** `${semester}/${userPk}` → form pk. */
  byUser: ReadonlyMap<string, number>;
  lastPk: number;
}

export const formKey = (semester: string, userPk: number) => `${semester}/${userPk}`;
export const DEFAULT_SCHEDULE: SemesterSchedule = { timeschedule: 'notstart', offered: [1, 3] };
export const scheduleOf = (state: WorkshopState, semester: string): SemesterSchedule =>
  state.schedules.get(semester) ?? DEFAULT_SCHEDULE;
/** Whether the schedule has reached `at` (for example results shown once at 'showresult' or later). */
export const reached = (timeschedule: Timeschedule, at: Timeschedule) =>
  TIMESCHEDULES.indexOf(timeschedule) >= TIMESCHEDULES.indexOf(at);

/** What the form knows of the applicant (document 2: experience). */
export interface ApplicantFacts {
  userPk: number;
  isStaff: boolean;
  /** On a workshop roster of an earlier semester. */
  workshopever: boolean;
  /** Has used the darkroom (a session), or answered so. */
  darkroomever: boolean;
  /** More paid memberships than new students have. */
  membertoomore: boolean;
}

/** Non-staff returning workshop students may not apply again (document 2: at most 1 prior workshop). */
export const blockOf = (facts: ApplicantFacts): 'limit1time' | null =>
  !facts.isStaff && facts.workshopever ? 'limit1time' : null;
/** Not a block: the form tells them the workshop is mainly for new students. */
export const noticeNewStudents = (facts: ApplicantFacts): boolean =>
  !facts.isStaff && (facts.darkroomever || facts.membertoomore);
export const tooManyMemberships = (paidMemberships: number) => paidMemberships > MEMBERSHIPS_NEW_STUDENT_MAX;

export type WorkshopCommand =
  | {
      type: 'SetSchedule';
      semester: string;
      timeschedule: Timeschedule;
      offered: ApplicationKind[];
      byPk: number;
      mayset: boolean;
    }
  | {
      type: 'SaveForm';
      semester: string;
      applicant: ApplicantFacts;
      fillin: Fillin;
      /** The page being left, 1..6. */
      step: number;
      /** Leaving page 6: submit. */
      finish: boolean;
      test: boolean;
      /** Photos attached to the form now (files domain). */
      photos: number;
    }
  | { type: 'SetResult'; pk: number; result: WorkshopResult; byPk: number; mayset: boolean };

export const workshopReasons = [
  'forbidden',
  /** The schedule does not take new forms (not 'open') or edits (closed). */
  'notopen',
  'closed',
  'limit1time',
  /** 'check data'. */
  'checkdata',
  /** 'photos must be 4'. */
  'photos',
  'notfound',
  /** A draft, or a staff test entry, gets no result. */
  'notsubmitted',
  'test',
  /** The result is not one of the applicant's wishes. */
  'notwish',
] as const;
export type WorkshopReason = (typeof workshopReasons)[number];

const EMPTY: WorkshopState = { schedules: new Map(), forms: new Map(), byUser: new Map(), lastPk: 0 };

export const workshopDecider: Decider<WorkshopCommand, WorkshopEvent, WorkshopState, WorkshopReason> = {
  initialState: () => EMPTY,

  decide(command, state, now) {
    const at = now.toISOString();
    switch (command.type) {
      case 'SetSchedule': {
        if (!command.mayset) return reject('forbidden');
        const offered = [...new Set(command.offered)].sort() as ApplicationKind[];
        const { semester, timeschedule, byPk } = command;
        return [{ type: 'WorkshopScheduleSet', data: { semester, timeschedule, offered, byPk, at } }];
      }
      case 'SaveForm': {
        const { applicant, semester } = command;
        const block = blockOf(applicant);
        if (block) return reject(block);
        const schedule = scheduleOf(state, semester);
        const existingPk = state.byUser.get(formKey(semester, applicant.userPk));
        const existing = existingPk === undefined ? undefined : state.forms.get(existingPk);
        if (!existing && schedule.timeschedule !== 'open')
          return reject(reached(schedule.timeschedule, 'close') ? 'closed' : 'notopen');
        if (schedule.timeschedule === 'close') return reject('closed');
        if (schedule.timeschedule === 'notstart') return reject('notopen');
        const fillin = normaliseFillin({ ...(existing?.fillin ?? {}), ...command.fillin });
        const pages = pagesFor(fillin);
        if (pages.includes(command.step) && !pageValid(command.step, fillin, schedule.offered))
          return reject('checkdata');
        if (command.finish) {
          if (!pages.filter((page) => page <= 6).every((page) => pageValid(page, fillin, schedule.offered)))
            return reject('checkdata');
          if (command.photos !== PHOTOS_REQUIRED) return reject('photos');
        }
        const pk = existing?.pk ?? state.lastPk + 1;
        // Only staff may mark a test; once a test, always a test (it never enters the results).
        const test = applicant.isStaff && (command.test || existing?.test === true);
        const events: WorkshopEvent[] = [
          {
            type: 'WorkshopFormSaved',
            data: { pk, semester, userPk: applicant.userPk, fillin, step: command.step, test, at },
          },
        ];
        if (command.finish && !existing?.finishtime)
          events.push({ type: 'WorkshopFormSubmitted', data: { pk, at } });
        return events;
      }
      case 'SetResult': {
        if (!command.mayset) return reject('forbidden');
        const form = state.forms.get(command.pk);
        if (!form) return reject('notfound');
        if (form.test) return reject('test');
        if (!form.finishtime) return reject('notsubmitted');
        if (command.result === 1 || command.result === 3) {
          const { choice1, choice2 } = wishesOf(form.fillin);
          if (command.result !== choice1 && command.result !== choice2) return reject('notwish');
        }
        if (form.result === command.result) return [];
        return [
          {
            type: 'WorkshopResultSet',
            data: { pk: form.pk, result: command.result, byPk: command.byPk, at },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WorkshopScheduleSet': {
        const schedules = new Map(state.schedules);
        schedules.set(event.data.semester, {
          timeschedule: event.data.timeschedule,
          offered: event.data.offered,
        });
        return { ...state, schedules };
      }
      case 'WorkshopFormSaved': {
        const { pk, semester, userPk, fillin, step, test, at } = event.data;
        const before = state.forms.get(pk);
        const forms = new Map(state.forms);
        forms.set(pk, {
          pk,
          semester,
          userPk,
          fillin,
          step,
          test,
          modifytime: at,
          finishtime: before?.finishtime ?? null,
          result: before?.result ?? 0,
        });
        const byUser = new Map(state.byUser);
        byUser.set(formKey(semester, userPk), pk);
        return { ...state, forms, byUser, lastPk: Math.max(state.lastPk, pk) };
      }
      case 'WorkshopFormSubmitted':
      case 'WorkshopResultSet': {
        const form = state.forms.get(event.data.pk);
        if (!form) return state;
        const forms = new Map(state.forms);
        forms.set(
          form.pk,
          event.type === 'WorkshopFormSubmitted'
            ? { ...form, finishtime: event.data.at }
            : { ...form, result: event.data.result },
        );
        return { ...state, forms };
      }
      default:
        return assertNever(event);
    }
  },
};
