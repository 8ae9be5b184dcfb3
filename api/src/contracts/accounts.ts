// Accounts and sessions (documents 1 and 3; docs/api.md, accounts): check, login, logout, registration,
// password and language.
import { z } from 'zod';
import { bookBorrowEntrySchema } from './loans.ts';
import { propertyBorrowEntrySchema } from './loans-property.ts';
import { endpoint, failSchema, okSchema } from './shared.ts';

/** The signed-in person as `GET /api/user/check` describes them. */
export const userViewSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  /** 1 university student, 3 other-school student, 4 graduated/other, 5 foreigner. */
  identity: z.number(),
  ismember: z.boolean(),
  isnextmember: z.boolean(),
  /** The staff flag; it only takes effect once the person is also a member. */
  isstaff: z.boolean(),
  /** Named authorities such as 'system', 'point', 'opendoor', 'allowdebt', 'errormember'. */
  authlist: z.array(z.string()),
  /** Stored-value balance in whole NTD. */
  balance: z.number(),
  /** What the person may spend: balance plus any allowed credit, in whole NTD. */
  balanceplus: z.number(),
  /** Contribution points; may be fractional. */
  point: z.number(),
  /** Latest semester tag with a paid member fee (e.g. '115-1'); null if never a member. */
  lastmember: z.string().nullable(),
  /** False while the account awaits review (other-school students). */
  valid: z.boolean(),
  /** The member fee per semester in whole NTD. */
  memberfee: z.number(),
  /** 'tw' Traditional Chinese, 'en' English, '' follow the browser. */
  settings: z.object({ lang: z.enum(['tw', 'en', '']) }),
  /** Books out past their due time (docs/loans.md). */
  bookexpiredcount: z.number(),
  /** Books the person has out now. */
  bookborrowlist: z.array(bookBorrowEntrySchema),
  /** Equipment out past its expected return time. */
  propertyexpiredcount: z.number(),
  /** Equipment the person has out now. */
  propertyborrowlist: z.array(propertyBorrowEntrySchema),
});

const text = z.string().max(200).optional();

export const userCheck = endpoint({
  method: 'GET',
  path: '/user/check',
  ok: okSchema.extend({
    user: userViewSchema.nullable(),
    /** Current semester tag, e.g. '115-1'. */
    semesternow: z.string(),
    semesternext: z.string(),
  }),
});

/** Refusal: 'wrong' (credentials); 429 'toomany'. */
export const login = endpoint({
  method: 'POST',
  path: '/user/login',
  body: z.object({
    /** A mobile number, university student ID (any case) or e-mail. */
    user: z.string().max(200),
    password: z.string().max(200),
    userscope: z.enum(['main', 'store']).optional(),
  }),
  ok: okSchema.extend({ user: userViewSchema }),
  fail: failSchema,
});

export const logout = endpoint({ method: 'POST', path: '/user/logout', ok: okSchema });

/** The server's reasons beyond the shared registration rules (core/src/accounts/registration-rules.ts). */
export const registrationServerReasons = [
  'duplicated_mobile',
  'duplicated_stuid',
  'duplicated_email',
  'unknown',
] as const;

export const register = endpoint({
  method: 'POST',
  path: '/user/register',
  body: z.object({
    identity: z.union([z.literal(1), z.literal(3), z.literal(4), z.literal(5)]),
    name: text,
    sex: z.union([z.string().max(2), z.number().int()]).optional(),
    school: text,
    department: text,
    stuid: text,
    grade: text,
    facebook: z.string().max(500).optional(),
    email: text,
    mobile: text,
    password: text,
    password2: text,
    ruleagree: z.boolean().optional(),
  }),
  ok: okSchema.extend({ fbgroup: z.object({ link: z.string(), semester: z.string() }) }),
  fail: failSchema,
});

/** Refusals: 'blank', 'wrong' (old password), 'password_format' (under 6 characters). */
export const changePassword = endpoint({
  method: 'PUT',
  path: '/user/change/password',
  body: z.object({ oldpassword: z.string().max(200), newpassword: z.string().max(200) }),
  ok: okSchema,
  fail: failSchema,
});

export const updateSettings = endpoint({
  method: 'PUT',
  path: '/user/settings/update',
  body: z.object({ settings: z.object({ lang: z.enum(['tw', 'en', '']) }) }),
  ok: okSchema.extend({ user: userViewSchema }),
  fail: failSchema,
});
