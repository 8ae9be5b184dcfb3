// One door-opening attempt is a stream `door-open-{requestId}`: requested (the portal asked the door host)
// and then finished with the spec's result (document 3: opendoor log): 1 opened, 0 could not reach or
// drive the door, 2 outside the opening hours (finished at once, the door is never asked).
import { z } from 'zod';

export const doorOpenStream = (requestId: string): string => `door-open-${requestId}`;

/** The opendoor log's result codes. */
export const DOOR_RESULT = { cannotConnect: 0, ok: 1, outsideHours: 2 } as const;
export type DoorResult = (typeof DOOR_RESULT)[keyof typeof DOOR_RESULT];

/**
 * Why an attempt finished as it did: opened; closed (outside the hours); unreachable (the host sent no
 * heartbeat or did not answer in time, the API's servicedown); failed (the host tried and the door did
 * not open); opened_late (a door reported unreachable that opened after the person was answered).
 */
export const DOOR_CAUSES = ['opened', 'closed', 'unreachable', 'failed', 'opened_late'] as const;
export type DoorCause = (typeof DOOR_CAUSES)[number];

const attemptSchema = z.object({
  requestId: z.string().min(1).max(128),
  userPk: z.number().int().positive(),
  /** The spec's `simple` flag of POST /open/door, kept as sent. */
  simple: z.boolean(),
  opener: z.enum(['member', 'authority']),
});

export const doorOpenRequestedSchema = z.object({
  type: z.literal('DoorOpenRequested'),
  data: attemptSchema.extend({ requestedAt: z.string() }),
});

export const doorOpenFinishedSchema = z.object({
  type: z.literal('DoorOpenFinished'),
  data: attemptSchema.extend({
    result: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    cause: z.enum(DOOR_CAUSES),
    finishedAt: z.string(),
    /** The device's last error for 'failed', the link's reason for 'unreachable'. */
    error: z.string().max(500).optional(),
  }),
});

export const doorEventSchema = z.discriminatedUnion('type', [
  doorOpenRequestedSchema,
  doorOpenFinishedSchema,
]);

export type DoorOpenRequestedEvent = z.infer<typeof doorOpenRequestedSchema>;
export type DoorOpenFinishedEvent = z.infer<typeof doorOpenFinishedSchema>;
export type DoorEvent = DoorOpenRequestedEvent | DoorOpenFinishedEvent;

export const DOOR_EVENT_TYPES = new Set<string>(['DoorOpenRequested', 'DoorOpenFinished']);
