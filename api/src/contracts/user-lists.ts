// AdminUserRecentDebtList (document 3, sections 2.2 and 6): recent (staff) and debt (the sql authority).
// Each row is the spec's person in lists plus the balance and the registration time.
import { z } from 'zod';
import { endpoint, failSchema, okSchema } from './shared.ts';

export const listedUserRowSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  /** '1' male, '2' female. */
  sex: z.string(),
  stuid: z.string(),
  studepartment: z.string(),
  email: z.string(),
  mobile: z.string(),
  facebook: z.string(),
  /** The latest semester on the staff roster, the latest with a paid member fee, the latest on a workshop roster. */
  laststaff: z.string().nullable(),
  lastmember: z.string().nullable(),
  lastworkshop: z.string().nullable(),
  /** Valid contribution points now. */
  point: z.number(),
  /** NTD saved through point discounts in the past half year (0 until the shop exists). */
  discount: z.number(),
  /** Stored-value balance, NTD. */
  balance: z.number(),
  /** When the person registered, ISO. */
  registertime: z.string(),
});

const userListOk = okSchema.extend({ list: z.array(listedUserRowSchema) });

export const recentUserList = endpoint({
  method: 'GET',
  path: '/admin/user/list/recent',
  ok: userListOk,
  fail: failSchema,
});

export const debtUserList = endpoint({
  method: 'GET',
  path: '/admin/user/list/debt',
  ok: userListOk,
  fail: failSchema,
});
