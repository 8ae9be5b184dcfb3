// Sign-in sheets and attendance (document 2: SignIn, GET/POST /signin; document 3: AdminSignIn,
// AdminSignInWorkshopResult). docs/signin-vote.md explains the open period and the deduction rule.
import { z } from 'zod';
import { endpoint, failSchema, okSchema, personRefSchema, requestIdSchema } from './shared.ts';

/** An open sheet on the member page (document 2: pk, title, timestamp, codeneeded). */
export const openSheetSchema = z.object({
  pk: z.number(),
  title: z.string(),
  timestamp: z.string(),
  codeneeded: z.boolean(),
  closesAt: z.string(),
});

/** A past sign-in (document 2: timestamp, signin.title). */
export const mySignInRowSchema = z.object({
  timestamp: z.string(),
  signin: z.object({ pk: z.number(), title: z.string() }),
});

export const signInPage = endpoint({
  method: 'GET',
  path: '/signin',
  ok: okSchema.extend({ loglist: z.array(mySignInRowSchema), waitlist: z.array(openSheetSchema) }),
  fail: failSchema,
});

/** The spec's reasons, and 'notfound' for a sheet pk that names no sheet. */
export const signInReasons = ['codewrong', 'exists', 'expired', 'notfound'] as const;

export const signIn = endpoint({
  method: 'POST',
  path: '/signin',
  body: z.object({
    signin: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]),
    code: z.string().max(50).optional(),
  }),
  ok: okSchema.extend({ loglist: z.array(mySignInRowSchema), waitlist: z.array(openSheetSchema) }),
  fail: failSchema,
});

export const sheetWorkshopSchema = z.object({
  semester: z.string(),
  kind: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
});

/** A sheet in the staff list (document 3: pk, timestamp, title, code, signinlog_count). */
export const sheetSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  title: z.string(),
  code: z.string(),
  signinlog_count: z.number(),
  opensAt: z.string(),
  closesAt: z.string(),
  workshop: sheetWorkshopSchema.nullable(),
  open: z.boolean(),
});

export const sheetLogRowSchema = z.object({ pk: z.number(), timestamp: z.string(), user: personRefSchema });

export const adminSignInList = endpoint({
  method: 'GET',
  path: '/admin/signin',
  ok: okSchema.extend({ loglist: z.array(sheetSchema), signin: z.null() }),
  fail: failSchema,
});

export const adminSignInSheet = endpoint({
  method: 'GET',
  path: '/admin/signin/:pk',
  params: z.object({ pk: z.string().regex(/^\d{1,12}$/) }),
  ok: okSchema.extend({ loglist: z.array(sheetLogRowSchema), signin: sheetSchema }),
  fail: failSchema,
});

/** 'title_required' ('activity name required'), 'period_invalid', 'code_invalid'. */
export const createSheetReasons = ['title_required', 'period_invalid', 'code_invalid'] as const;

export const createSheet = endpoint({
  method: 'POST',
  path: '/admin/signin',
  body: z.object({
    title: z.string().max(200),
    /** '' means no code; absent means the default four random digits. */
    code: z.string().max(50).optional(),
    /** ISO instants; absent: from now for three hours. */
    opensAt: z.string().datetime({ offset: true }).optional(),
    closesAt: z.string().datetime({ offset: true }).optional(),
    workshop: sheetWorkshopSchema.nullable().optional(),
    requestId: requestIdSchema,
  }),
  ok: okSchema.extend({ signin: sheetSchema }),
  fail: failSchema,
});

export const workshopListItemSchema = z.object({
  semester: z.string(),
  kind: z.number(),
  sheets: z.number(),
});

export const workshopSheetsList = endpoint({
  method: 'GET',
  path: '/admin/signin/workshop/list',
  ok: okSchema.extend({ list: z.array(workshopListItemSchema) }),
  fail: failSchema,
});

/** One person's row of the attendance table: a flag per class sheet, the count and the deduction. */
export const attendanceRowSchema = z.object({
  user: personRefSchema,
  onRoster: z.boolean(),
  attended: z.array(z.boolean()),
  attendedCount: z.number(),
  deductionNtd: z.number(),
});

export const workshopAttendance = endpoint({
  method: 'GET',
  path: '/admin/signin/workshop/:semester/:kind',
  params: z.object({ semester: z.string().regex(/^\d{2,3}-[12]$/), kind: z.string().regex(/^[1-5]$/) }),
  ok: okSchema.extend({
    /** Every sign-in on the workshop's sheets. */
    loglist: z.array(z.object({ sheetPk: z.number(), userPk: z.number(), timestamp: z.string() })),
    userList: z.array(attendanceRowSchema),
    /** The workshop's class sheets, the table's columns in order. */
    signinList: z.array(sheetSchema),
    /** The column headers: the sheets' titles. */
    columnList: z.array(z.string()),
  }),
  fail: failSchema,
});
