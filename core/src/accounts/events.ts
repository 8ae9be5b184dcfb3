// Events of the accounts domain: user profiles, unique-value claims, pk allocation and the login log.
import { z } from 'zod';

export const langSchema = z.enum(['tw', 'en', '']);
export type Lang = z.infer<typeof langSchema>;

export const userRegisteredSchema = z.object({
  type: z.literal('UserRegistered'),
  data: z.object({
    pk: z.number().int().positive(),
    identity: z.union([z.literal(1), z.literal(3), z.literal(5)]),
    name: z.string().min(1),
    sex: z.enum(['1', '2']),
    school: z.string(),
    department: z.string(),
    stuid: z.string(),
    grade: z.string(),
    facebook: z.string(),
    email: z.string(),
    mobile: z.string(),
    passwordHash: z.string(),
    /** Other-school applicants wait for the president's review before they are valid. */
    valid: z.boolean(),
    semester: z.string(),
    lang: langSchema,
  }),
});

export const passwordChangedSchema = z.object({
  type: z.literal('PasswordChanged'),
  data: z.object({ passwordHash: z.string() }),
});

export const settingsChangedSchema = z.object({
  type: z.literal('SettingsChanged'),
  data: z.object({ lang: langSchema }),
});

/**
 * One profile field changed by staff (AdminUserDetail): a row of the user change log. `execuserPk` is the
 * staff member who made the change.
 */
export const userProfileChangedSchema = z.object({
  type: z.literal('UserProfileChanged'),
  data: z.object({
    execuserPk: z.number().int().nullable(),
    fieldname: z.enum([
      'name',
      'sex',
      'school',
      'department',
      'stuid',
      'grade',
      'facebook',
      'email',
      'mobile',
    ]),
    valueold: z.string(),
    valuenew: z.string(),
  }),
});
export type UserProfileChangedEvent = z.infer<typeof userProfileChangedSchema>;
/** The 10-digit card id of the member's club card (document 3, shared patterns); 'previous' was lost. */
export const CARD_ID_PATTERN = /^\d{10}$/;
export const cardRegisteredSchema = z.object({
  type: z.literal('CardRegistered'),
  data: z.object({ cardid: z.string().regex(CARD_ID_PATTERN), previous: z.string().nullable() }),
});

export const userEventSchema = z.discriminatedUnion('type', [
  userRegisteredSchema,
  passwordChangedSchema,
  settingsChangedSchema,
  userProfileChangedSchema,
  cardRegisteredSchema,
]);
export type UserEvent = z.infer<typeof userEventSchema>;

const uniqueKindSchema = z.enum(['mobile', 'stuid', 'email', 'card']);

/** A unique value (mobile, student ID, e-mail, card id) held by one user; claimed with "no stream". */
export const uniqueClaimEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('UniqueValueClaimed'),
    data: z.object({
      kind: uniqueKindSchema,
      value: z.string(),
      userPk: z.number().int(),
    }),
  }),
  z.object({
    type: z.literal('UniqueValueReleased'),
    data: z.object({
      kind: uniqueKindSchema,
      value: z.string(),
      userPk: z.number().int(),
    }),
  }),
]);
export type UniqueClaimEvent = z.infer<typeof uniqueClaimEventSchema>;
export type UniqueKind = z.infer<typeof uniqueKindSchema>;

export const pkAllocatedSchema = z.object({
  type: z.literal('UserPkAllocated'),
  data: z.object({ pk: z.number().int().positive() }),
});
export type PkAllocatedEvent = z.infer<typeof pkAllocatedSchema>;

/**
 * Login log status codes (document 3): 0 fail; 1 fail duplicate/email; 2 success; 3 success as root;
 * 4 fail club account. Method 1 http, 2 card; scope 0 main, 1 store.
 */
export const loginAttemptedSchema = z.object({
  type: z.literal('LoginAttempted'),
  data: z.object({
    userPk: z.number().int().nullable(),
    /** What was typed, for a failed attempt on an unknown account; masked beyond the first characters. */
    identifier: z.string(),
    method: z.union([z.literal(1), z.literal(2)]),
    scope: z.union([z.literal(0), z.literal(1)]),
    ip: z.string(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    /** True on a user's first successful login. */
    first: z.boolean(),
  }),
});
export type LoginAttemptedEvent = z.infer<typeof loginAttemptedSchema>;

/** A keyword search of users by staff (POST /admin/user/search): a row of the user search log. */
export const userSearchedSchema = z.object({
  type: z.literal('UserSearched'),
  data: z.object({ execuserPk: z.number().int(), keyword: z.string() }),
});
export type UserSearchedEvent = z.infer<typeof userSearchedSchema>;

export const accountsEventTypes = [
  'UserRegistered',
  'PasswordChanged',
  'SettingsChanged',
  'CardRegistered',
  'UniqueValueClaimed',
  'UniqueValueReleased',
  'UserPkAllocated',
  'LoginAttempted',
  'UserProfileChanged',
  'UserSearched',
] as const;

export const userStream = (pk: number) => `user-${pk}`;
export const uniqueStream = (kind: UniqueKind, value: string) => `unique-${kind}-${value.toLowerCase()}`;
export const PK_SEQUENCE_STREAM = 'sequence-user-pk';
export const loginLogStream = (pk: number | null) => (pk === null ? 'loginlog-unknown' : `loginlog-${pk}`);
export const userSearchLogStream = (execuserPk: number) => `usersearchlog-${execuserPk}`;
