// E-mail (issue 12, section 5): the password reset by e-mail link and the system's e-mail log. The spec
// does not show the reset calls; their paths are documented in docs/api.md.
import { z } from 'zod';
import { endpoint, failSchema, okSchema, pageParamsSchema, pagerSchema } from './shared.ts';

/** Always answers ok, whether or not the e-mail belongs to an account (no account enumeration). */
export const forgotPassword = endpoint({
  method: 'POST',
  path: '/user/password/forgot',
  body: z.object({ email: z.string().max(200) }),
  ok: okSchema,
  fail: failSchema,
});

/** Refusals: 'blank', 'password_format' (under 6 characters), 'password_mismatch', 'token_invalid',
 * 'token_expired' (older than 30 minutes), 'token_used' (a link works once). */
export const resetPassword = endpoint({
  method: 'POST',
  path: '/user/password/reset',
  body: z.object({
    token: z.string().max(200),
    password: z.string().max(200),
    password2: z.string().max(200),
  }),
  ok: okSchema,
  fail: failSchema,
});

/** Email log row (document 3). result: 1 sent, 0 failed (errormsg says why), 2 not sent (no SMTP_URL),
 * 3 waiting to be sent. */
export const emailLogRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  to: z.string(),
  subject: z.string(),
  result: z.number(),
  errormsg: z.string(),
});

export const emailLog = endpoint({
  method: 'GET',
  path: '/admin/system/email/log/:page',
  params: pageParamsSchema,
  ok: okSchema.extend({ loglist: z.array(emailLogRowSchema), pager: pagerSchema }),
  fail: failSchema,
});
