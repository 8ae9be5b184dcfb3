// The workshop application (document 2: WorkshopForm; document 1: PublicWorkshopForm; document 3:
// AdminWorkshopResult; docs/workshop.md). Reasons: 'checkdata' ('check data'), 'photos' ('photos must be
// 4'), 'limit1time' ('limit 1 time'), the schedule's 'notopen' and 'closed', and the result's refusals.
import { z } from 'zod';
import { endpoint, failSchema, okSchema } from './shared.ts';

export const workshopReasons = [
  'checkdata',
  'photos',
  'limit1time',
  'notopen',
  'closed',
  'notfound',
  'notsubmitted',
  'test',
  'notwish',
  'paid',
  'already_admitted',
  'photolimit',
] as const;

export const timescheduleSchema = z.enum(['notstart', 'open', 'end', 'showresult', 'close']);
export const applicationKindSchema = z.union([z.literal(1), z.literal(3)]);
export const workshopResultSchema = z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(99)]);
const fillinSchema = z.record(z.string().max(40), z.string().max(2000));
const imageSchema = z.object({ pk: z.number(), url: z.string() });

/** Document 2: workshop form entry. `result` is 0 until the schedule shows results. */
export const workshopFormEntrySchema = z.object({
  pk: z.number(),
  fillin: fillinSchema,
  modifytime: z.string(),
  finishtime: z.string().nullable(),
  result: workshopResultSchema,
  test: z.boolean(),
  step: z.number(),
  imglist: z.array(imageSchema),
});

export const getWorkshopForm = endpoint({
  method: 'GET',
  path: '/workshop/form',
  ok: okSchema.extend({
    semester: z.string(),
    memberuser: z.object({
      name: z.string(),
      mobile: z.string(),
      email: z.string(),
      facebook: z.string(),
      studepartment: z.string(),
      stuid: z.string(),
      grade: z.string(),
    }),
    experience: z.object({
      workshopever: z.boolean(),
      darkroomever: z.boolean(),
      membertoomore: z.boolean(),
    }),
    timeschedule: timescheduleSchema,
    offered: z.array(applicationKindSchema),
    isstaff: z.boolean(),
    wf: workshopFormEntrySchema.nullable(),
  }),
  fail: failSchema,
});

export const saveWorkshopForm = endpoint({
  method: 'POST',
  path: '/workshop/form',
  body: z.object({
    wf: z.object({ fillin: fillinSchema, test: z.boolean().optional() }),
    /** The page being left, 1..6 (7 saves the closing page's edits without a check). */
    step: z.number().int().min(1).max(7),
    /** Leaving page 6: submit. */
    finish: z.boolean(),
  }),
  ok: okSchema.extend({ pk: z.number() }),
  fail: failSchema,
});

export const removeWorkshopImage = endpoint({
  method: 'POST',
  path: '/workshop/form/removeimg',
  body: z.object({ formpk: z.number().int().positive(), imgpk: z.number().int().positive() }),
  ok: okSchema,
  fail: failSchema,
});

export const resultTabSchema = z.enum(['member', 'memberTemp', 'staff']);

/** Document 3: workshop sign-up entry. */
export const workshopSignUpSchema = z.object({
  pk: z.number(),
  user: z.object({
    pk: z.number(),
    pkstr: z.string(),
    name: z.string(),
    stuid: z.string(),
    studepartment: z.string(),
  }),
  modifytime: z.string(),
  finishtime: z.string().nullable(),
  fillin: fillinSchema,
  result: workshopResultSchema,
  formlist: z.array(z.object({ title: z.string(), kind: z.number() })),
  imglist: z.array(z.object({ pk: z.number(), url: z.string() })),
});

const resultPage = okSchema.extend({
  semester: z.string(),
  timeschedule: timescheduleSchema,
  offered: z.array(applicationKindSchema),
  count: z.number(),
  /** First-choice answers: how many chose darkroom (1) and photography (3). */
  statistic: z.array(z.object({ kind: applicationKindSchema, count: z.number() })),
  loglist: z.array(workshopSignUpSchema),
  entry: workshopSignUpSchema.nullable(),
  /** The viewer may set results and the schedule (workshopset). */
  mayset: z.boolean(),
});

export const workshopResultList = endpoint({
  method: 'GET',
  path: '/admin/workshop/result/:tab',
  params: z.object({ tab: resultTabSchema }),
  ok: resultPage,
  fail: failSchema,
});
export const workshopResultEntry = endpoint({
  ...workshopResultList,
  path: '/admin/workshop/result/:tab/:pk',
  params: z.object({ tab: resultTabSchema, pk: z.string().regex(/^\d{1,9}$/) }),
});

export const saveWorkshopResult = endpoint({
  method: 'POST',
  path: '/admin/workshop/result/save',
  body: z.object({ entry: z.object({ pk: z.number().int().positive(), result: workshopResultSchema }) }),
  ok: okSchema,
  fail: failSchema,
});

/** Not named by the spec: staff with workshopset set the current semester's schedule and offered kinds. */
export const setWorkshopSchedule = endpoint({
  method: 'POST',
  path: '/admin/workshop/timeschedule',
  body: z.object({ timeschedule: timescheduleSchema, offered: z.array(applicationKindSchema).min(1).max(2) }),
  ok: okSchema,
  fail: failSchema,
});
