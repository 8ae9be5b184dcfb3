// The door (document 1: OpenDoor, GET/POST /open/door; document 3: the opendoor log). Members or holders of
// the opendoor authority may open; the system log is for staff with the system authority (docs/door.md).
import { z } from 'zod';
import { endpoint, failSchema, okSchema, pageParamsSchema, pagerSchema, personRefSchema } from './shared.ts';

/** The opendoor log's result: 1 ok, 0 cannot connect, 2 outside open hours; null while still waiting. */
export const doorResultSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable();

/**
 * One recent opening on the door page. The page lists the door's recent attempts so a member can see it
 * was just opened, but names nobody: `mine` marks the viewer's own (docs/door.md, privacy).
 */
export const doorPageRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  result: doorResultSchema,
  mine: z.boolean(),
});

/** Today's opening hours for the viewer, Taipei time 'HH:mm'; `lastopen` is when they can last open. */
export const doorHoursSchema = z.object({
  period: z.enum(['term', 'holidays']),
  opens: z.string(),
  lastopen: z.string(),
  closes: z.string(),
});

export const doorPage = endpoint({
  method: 'GET',
  path: '/open/door',
  ok: okSchema.extend({ loglist: z.array(doorPageRowSchema), hours: doorHoursSchema }),
  fail: failSchema,
});

/**
 * A refusal: 'servicedown' with `detail` 'closed' (outside the hours: the spec's message) or
 * 'unreachable' (the door host is down or did not answer within 4 s); 'doorfailed' when the host tried
 * and the door did not open; 'mismatch' when the request id was used for another request.
 */
export const doorOpenFailSchema = failSchema.extend({
  detail: z.enum(['closed', 'unreachable']).optional(),
  loglist: z.array(doorPageRowSchema).optional(),
});

export const doorOpenReasons = ['servicedown', 'doorfailed', 'mismatch'] as const;

export const openDoor = endpoint({
  method: 'POST',
  path: '/open/door',
  body: z.object({
    /** The spec's flag, kept in the log as sent (the legacy client's plain page). */
    simple: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
    /** The client's id of this press (or an Idempotency-Key header): a retry does not open twice. */
    requestId: z.string().min(1).max(200).optional(),
  }),
  ok: okSchema.extend({ loglist: z.array(doorPageRowSchema) }),
  fail: doorOpenFailSchema,
});

/** A row of the opendoor system log. */
export const doorLogRowSchema = z.object({
  pk: z.number(),
  timestamp: z.string(),
  user: personRefSchema,
  result: doorResultSchema,
  /** Why: opened, closed, unreachable, failed, opened_late; null while waiting. */
  cause: z.string().nullable(),
  simple: z.boolean(),
  finishedAt: z.string().nullable(),
});

export const opendoorLog = endpoint({
  method: 'GET',
  path: '/admin/system/opendoor/log/:page',
  params: pageParamsSchema,
  ok: okSchema.extend({ loglist: z.array(doorLogRowSchema), pager: pagerSchema }),
  fail: failSchema,
});
