// The member home's server flags and the staff warnings (document 1, sections 2 and 3).
import { z } from 'zod';
import { endpoint, failSchema, okSchema } from './shared.ts';

/** One thing staff should look at, by kind; the counts a kind does not use are absent. */
export const staffWarningSchema = z.object({
  kind: z.string(),
  quantity: z.number(),
  due: z.number().optional(),
  pocketTotal: z.number().optional(),
  pocketUsed: z.number().optional(),
});

export const memberHome = endpoint({
  method: 'GET',
  path: '/memberhome',
  /** Whether the workshop registration buttons are offered this semester. */
  ok: okSchema.extend({ showworkshopform: z.boolean() }),
  fail: failSchema,
});

export const staffWarnings = endpoint({
  method: 'GET',
  path: '/admin/warning',
  ok: okSchema.extend({ staffWarning: z.array(staffWarningSchema) }),
  fail: failSchema,
});
