// AdminUserDetail (document 3: /admin/user/detail/{pk}, the user authority): one user's profile, money,
// points, memberships and loans, and staff edits of the profile fields (each a row of the user change log).
import { bookBorrowEntrySchema } from './loans.ts';
import { propertyBorrowEntrySchema } from './loans-property.ts';
import { z } from 'zod';
import { endpoint, failSchema, okSchema } from './shared.ts';

const pkParamsSchema = z.object({ pk: z.string().regex(/^[1-9]\d{0,12}$/) });

export const userProfileSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  /** 1 university student, 3 other-school student, 5 foreigner. */
  identity: z.number(),
  /** '1' male, '2' female. */
  sex: z.string(),
  school: z.string(),
  department: z.string(),
  stuid: z.string(),
  grade: z.string(),
  facebook: z.string(),
  email: z.string(),
  mobile: z.string(),
  valid: z.boolean(),
  /** When the person registered, ISO. */
  registertime: z.string(),
  logincount: z.number(),
  lastlogin: z.string().nullable(),
});

export const adminUserDetail = endpoint({
  method: 'GET',
  path: '/admin/user/detail/:pk',
  params: pkParamsSchema,
  ok: okSchema.extend({
    user: userProfileSchema,
    ismember: z.boolean(),
    isstaff: z.boolean(),
    authlist: z.array(z.string()),
    /** Stored-value balance, whole NTD. */
    balance: z.number(),
    /** Valid contribution points now. */
    point: z.number(),
    /** Semesters with a paid member fee, oldest first. */
    memberships: z.array(z.string()),
    /** Paid workshop deposits: semester and workshop kind. */
    workshops: z.array(z.object({ semester: z.string(), kind: z.string() })),
    /** Books and equipment the person has out now (docs/loans.md). */
    bookborrowlist: z.array(bookBorrowEntrySchema),
    propertyborrowlist: z.array(propertyBorrowEntrySchema),
  }),
  fail: failSchema,
});

const field = z.string().max(200).optional();

/**
 * Refusals: the membership application's codes (name_required, sex_required, stuid_format,
 * school_required, mobile_format, email_format, facebook_format), duplicated_mobile / duplicated_stuid /
 * duplicated_email, notfound.
 */
export const adminUserModify = endpoint({
  method: 'PUT',
  path: '/admin/user/detail/:pk',
  params: pkParamsSchema,
  body: z.object({
    name: field,
    sex: field,
    school: field,
    department: field,
    stuid: field,
    grade: field,
    facebook: z.string().max(500).optional(),
    email: field,
    mobile: field,
  }),
  ok: okSchema.extend({
    user: userProfileSchema,
    /** The fields this edit changed (empty when nothing differed). */
    changes: z.array(z.object({ fieldname: z.string(), valueold: z.string(), valuenew: z.string() })),
  }),
  fail: failSchema,
});
