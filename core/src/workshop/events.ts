// The workshop application (document 2: WorkshopForm; document 3: AdminWorkshopResult; docs/workshop.md).
// One stream `workshop` holds every semester's timeschedule and every form: a few hundred forms a
// semester, so one stream keeps "one form per person and semester" and pk allocation trivially consistent.
import { z } from 'zod';

export const WORKSHOP_STREAM = 'workshop';

/** Document 2: the workshop timeschedule, in order. */
export const TIMESCHEDULES = ['notstart', 'open', 'end', 'showresult', 'close'] as const;
export type Timeschedule = (typeof TIMESCHEDULES)[number];

/** Only darkroom (1) and photography (3) take applications (document 3). */
export const APPLICATION_KINDS = [1, 3] as const;
export const applicationKindSchema = z.union([z.literal(1), z.literal(3)]);
export type ApplicationKind = z.infer<typeof applicationKindSchema>;

/** 0 unset, 1 admitted to darkroom, 3 admitted to photography, 99 rejected (document 3). */
export const workshopResultSchema = z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(99)]);
export type WorkshopResult = z.infer<typeof workshopResultSchema>;

const semesterSchema = z.string().regex(/^\d{2,3}-[12]$/);

export const fillinSchema = z.record(z.string().max(40), z.string().max(2000));
export type Fillin = z.infer<typeof fillinSchema>;

export const workshopScheduleSetSchema = z.object({
  type: z.literal('WorkshopScheduleSet'),
  data: z.object({
    semester: semesterSchema,
    timeschedule: z.enum(TIMESCHEDULES),
    offered: z.array(applicationKindSchema),
    byPk: z.number().int().positive(),
    at: z.string(),
  }),
});

/** A page saved (a draft): creates the form on its first save; sets modifytime. */
export const workshopFormSavedSchema = z.object({
  type: z.literal('WorkshopFormSaved'),
  data: z.object({
    pk: z.number().int().positive(),
    semester: semesterSchema,
    userPk: z.number().int().positive(),
    fillin: fillinSchema,
    /** The page left (1..6). */
    step: z.number().int().min(1).max(7),
    /** A staff member's test entry, excluded from results. */
    test: z.boolean(),
    at: z.string(),
  }),
});

/** Leaving page 6 with every page valid and 4 photos: sets finishtime (the first time only). */
export const workshopFormSubmittedSchema = z.object({
  type: z.literal('WorkshopFormSubmitted'),
  data: z.object({ pk: z.number().int().positive(), at: z.string() }),
});

export const workshopResultSetSchema = z.object({
  type: z.literal('WorkshopResultSet'),
  data: z.object({
    pk: z.number().int().positive(),
    result: workshopResultSchema,
    byPk: z.number().int().positive(),
    at: z.string(),
  }),
});

export const workshopEventSchema = z.discriminatedUnion('type', [
  workshopScheduleSetSchema,
  workshopFormSavedSchema,
  workshopFormSubmittedSchema,
  workshopResultSetSchema,
]);
export type WorkshopEvent = z.infer<typeof workshopEventSchema>;
export const WORKSHOP_EVENT_TYPES = [
  'WorkshopScheduleSet',
  'WorkshopFormSaved',
  'WorkshopFormSubmitted',
  'WorkshopResultSet',
] as const;
