// Network storage (document 1: NAS, GET /nas). Members, or holders of the nas authority, read their own
// account; staff with the system authority assign and remove accounts (docs/info-pages.md).
import { z } from 'zod';
import { endpoint, failSchema, okSchema, personRefSchema } from './shared.ts';

/** The member's account; both null while none is assigned. */
export const nasAccount = endpoint({
  method: 'GET',
  path: '/nas',
  ok: okSchema.extend({ nasuser: z.string().nullable(), naspassword: z.string().nullable() }),
  fail: failSchema,
});

export const nasAccountRowSchema = z.object({
  user: personRefSchema,
  nasuser: z.string(),
  assignedAt: z.string(),
  assignedBy: personRefSchema.nullable(),
});

/** Every assigned account, without passwords. */
export const nasAccountList = endpoint({
  method: 'GET',
  path: '/admin/nas',
  ok: okSchema.extend({ loglist: z.array(nasAccountRowSchema) }),
  fail: failSchema,
});

/** 'format': a user name the file server does not take; 'nouser': no such person; 'noaccount': nothing to remove. */
export const nasAdminReasons = ['format', 'nouser', 'noaccount'] as const;

export const nasAccountChange = endpoint({
  method: 'POST',
  path: '/admin/nas',
  body: z.discriminatedUnion('cmd', [
    z.object({
      cmd: z.literal('assign'),
      userpk: z.number().int().positive(),
      nasuser: z.string().trim().min(1).max(64),
      naspassword: z.string().min(6).max(200),
    }),
    z.object({ cmd: z.literal('remove'), userpk: z.number().int().positive() }),
  ]),
  ok: okSchema.extend({ loglist: z.array(nasAccountRowSchema) }),
  fail: failSchema,
});
