// Card login at the counter (issue 12, section 4): staff register a member's card id, bind a kiosk
// browser to a card reader, and the kiosk waits for the next card read (docs/api.md, card login).
import { z } from 'zod';
import { userViewSchema } from './accounts.ts';
import { endpoint, failSchema, okSchema } from './shared.ts';

/** Refusals: 'card_format' (not 10 digits), 'duplicated_card' (another member holds it), 'notfound'. */
export const registerCard = endpoint({
  method: 'POST',
  path: '/admin/user/card',
  body: z.object({ pk: z.number().int().positive(), cardid: z.string().max(40) }),
  ok: okSchema.extend({ cardid: z.string() }),
  fail: failSchema,
});

export const userCard = endpoint({
  method: 'GET',
  path: '/admin/user/card/:pk',
  params: z.object({ pk: z.string().regex(/^[1-9]\d{0,9}$/) }),
  ok: okSchema.extend({ cardid: z.string().nullable() }),
  fail: failSchema,
});

/** Binds this browser to a reader: a signed, long-lived kiosk cookie. Refusal: 'reader_format'. */
export const bindKiosk = endpoint({
  method: 'POST',
  path: '/admin/card/kiosk',
  body: z.object({ reader: z.string().max(40) }),
  ok: okSchema.extend({ reader: z.string() }),
  fail: failSchema,
});

/**
 * Long poll (up to 15 s): the next card read at this kiosk's reader. result 'login' (the member is now
 * logged in on this browser, store scope), 'unknown' (no member has this card), 'none' (no read yet:
 * ask again). Refusal: 'notkiosk' (this browser is not bound to a reader).
 */
export const kioskWait = endpoint({
  method: 'GET',
  path: '/card/kiosk/wait',
  /** How long to wait, in seconds (1 to 15; default 15). */
  query: z.object({
    wait: z
      .string()
      .regex(/^([1-9]|1[0-5])$/)
      .optional(),
  }),
  ok: okSchema.extend({
    reader: z.string(),
    result: z.enum(['login', 'unknown', 'none']),
    user: userViewSchema.nullable(),
  }),
  fail: failSchema,
});

/** Which reader this browser is bound to, if any (the kiosk page asks before it waits). */
export const kioskState = endpoint({
  method: 'GET',
  path: '/card/kiosk',
  ok: okSchema.extend({ reader: z.string().nullable() }),
});
