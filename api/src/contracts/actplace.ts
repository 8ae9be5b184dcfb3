// The room-booking helper (document 3: AdminActPlace, POST /admin/actplace every 3 s with clickormount).
// One call: 'mount' reads, the page's clicks add or withdraw a wish or run the pending wishes now; every
// answer is the whole page (docs/actplace.md).
import { z } from 'zod';
import { endpoint, failSchema, okSchema } from './shared.ts';

const timeslotSchema = z.enum(['morning', 'afternoon', 'evening']);

/** A wish as the page lists it; duplicatedCounter: other open wishes for the same date and slot. */
export const actplaceWishRowSchema = z.object({
  wishId: z.string(),
  date: z.string(),
  timeslot: timeslotSchema,
  name: z.string(),
  duplicatedCounter: z.number().int(),
  ntup: z.number().int(),
  choicelist: z.array(z.string()),
  status: z.enum(['pending', 'sent', 'booked', 'failed', 'withdrawn']),
  room: z.string().nullable(),
});

export const actplaceOrderRowSchema = z.object({
  wishId: z.string(),
  date: z.string(),
  timeslot: timeslotSchema,
  name: z.string(),
  outcome: z.enum(['booked', 'alltaken', 'unreachable', 'failed']),
  room: z.string().nullable(),
  tried: z.array(z.object({ room: z.string(), answer: z.string() })),
  at: z.string(),
});

export const actplaceReasons = ['past', 'choices', 'room', 'name', 'exists', 'notpending'] as const;

export const actplacePage = endpoint({
  method: 'POST',
  path: '/admin/actplace',
  body: z.object({
    clickormount: z.enum(['click', 'mount']),
    cmd: z.enum(['add', 'withdraw', 'run']).optional(),
    /** The page's id of a new wish (so a retried add does not add twice) or the wish to withdraw. */
    wishId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{4,64}$/)
      .optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    timeslot: timeslotSchema.optional(),
    name: z.string().trim().max(100).optional(),
    ntup: z.number().int().positive().max(1000).optional(),
    choicelist: z.array(z.string()).optional(),
  }),
  ok: okSchema.extend({
    loglist: z.array(actplaceWishRowSchema),
    /** The club's organiser id on the booking site (ACTPLACE_ACT_ID). */
    actID: z.string(),
    buildingMap: z.record(
      z.string(),
      z.object({
        name: z.string(),
        nameEn: z.string(),
        rooms: z.array(z.object({ key: z.string(), name: z.string(), nameEn: z.string() })),
      }),
    ),
    buildingTimeMap: z.record(z.string(), z.array(timeslotSchema)),
    orderAllList: z.array(actplaceOrderRowSchema),
    /** The booking host's last report (its heartbeat), or null when none is live; `now` is the server's. */
    recentResult: z.object({ at: z.string(), simulated: z.boolean(), online: z.boolean() }).nullable(),
    now: z.string(),
    /** The shared booking account (ACTPLACE_ACCOUNT, ACTPLACE_PASSWORD): only for the actplace authority. */
    actAccount: z.string(),
    actPassword: z.string(),
    /** With cmd 'run': how many wishes were sent. */
    sent: z.number().int().optional(),
  }),
  fail: failSchema,
});
