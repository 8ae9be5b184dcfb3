// The Fastify response map of a call, built from its contract (api/src/contracts/). The shapes themselves
// live in the contracts; they are re-exported here for the routes and views that import them from here.
import { z } from 'zod';
import type { Endpoint } from '../contracts/shared.ts';
import { failSchema } from '../contracts/shared.ts';

export { userViewSchema } from '../contracts/accounts.ts';
export { failSchema, okSchema } from '../contracts/shared.ts';

/** The usual response map: ok body or its refusal, and the guard answers. */
export const responses = <Ok extends z.ZodType, Fail extends z.ZodType = typeof failSchema>(
  ok: Ok,
  fail?: Fail,
) => ({
  200: z.union([ok, (fail ?? failSchema) as Fail]),
  400: failSchema,
  401: failSchema,
  403: failSchema,
  429: failSchema,
});

/** The response map of a call: its own refusal shape when it has one, else only the ok body. */
export function responsesOf<E extends Endpoint & { fail: z.ZodType }>(call: E) {
  return responses(call.ok as E['ok'], call.fail as E['fail']);
}
