// The system area (document 3: AdminSystemStatus and the system logs): the status lists and the log pages
// for login, user change and user search. Each log page is newest first, LOG_ROWS_PER_PAGE rows a page.
import { z } from 'zod';
import { endpoint, failSchema, okSchema, pageParamsSchema, pagerSchema, personRefSchema } from './shared.ts';

const logPage = <Row extends z.ZodType>(row: Row) =>
  okSchema.extend({ loglist: z.array(row), pager: pagerSchema });

/** Login log (document 3, section 3). */
export const loginLogRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  /** The account the attempt was for; null when no account matched what was typed. */
  user: personRefSchema.nullable(),
  /** What identified the account: its pkstr, or the masked text typed for an unknown account. */
  identifier: z.string(),
  /** 1 http (password), 2 card. */
  method: z.number(),
  /** 0 main, 1 store. */
  scope: z.number(),
  /** The user's first successful login. */
  first: z.boolean(),
  ip: z.string(),
  /** 0 fail; 1 fail duplicate/email; 2 success; 3 success as root; 4 fail club account. */
  status: z.number(),
});

/** User change log: one profile field changed by staff. */
export const userChangeLogRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  /** Who made the change (null: the system). */
  execuser: personRefSchema.nullable(),
  user: personRefSchema,
  fieldname: z.string(),
  valueold: z.string(),
  valuenew: z.string(),
});

/** Search log row (document 3, section 3). */
export const userSearchLogRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  execuser: personRefSchema,
  keyword: z.string(),
});

export const loginLog = endpoint({
  method: 'GET',
  path: '/admin/system/login/log/:page',
  params: pageParamsSchema,
  ok: logPage(loginLogRowSchema),
  fail: failSchema,
});

export const userChangeLog = endpoint({
  method: 'GET',
  path: '/admin/system/user/change/log/:page',
  params: pageParamsSchema,
  ok: logPage(userChangeLogRowSchema),
  fail: failSchema,
});

export const userSearchLog = endpoint({
  method: 'GET',
  path: '/admin/system/user/search/log/:page',
  params: pageParamsSchema,
  ok: logPage(userSearchLogRowSchema),
  fail: failSchema,
});

/**
 * One check of the system status. The client renders its title from `key` and `params` in the viewer's
 * language; `detail` is technical text (an error message, a device's last result) shown as it is.
 */
export const statusItemSchema = z.object({
  /** What was checked: 'redis', 'device.door', 'queue.label-render', 'projections', 'disk', ... */
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  detail: z.string().optional(),
  /** Since when the item has been in this state, ISO (when known). */
  since: z.string().optional(),
});

export const systemStatus = endpoint({
  method: 'GET',
  path: '/admin/system/status',
  ok: okSchema.extend({ problem: z.array(statusItemSchema), normal: z.array(statusItemSchema) }),
  fail: failSchema,
});
