// Events of the room-booking helper (AdminActPlace). One stream per wish (actplace-wish-{wishId}): added by
// staff, maybe withdrawn, then sent to the booking host and its result recorded by the API process.
import { z } from 'zod';
import { timeslots } from './rules.ts';

/**
 * Wish: one booking the club wants: a date, a time slot, the activity's name, how many people, and up to 6
 * rooms in order of preference (choicelist).
 */
export const wishSchema = z.object({
  wishId: z.string().min(1),
  /** YYYY-MM-DD, Taipei. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  timeslot: z.enum(timeslots),
  name: z.string().min(1),
  /** People expected (the booking site asks). */
  ntup: z.number().int().positive(),
  choicelist: z.array(z.string().min(1)).min(1),
});
export type Wish = z.infer<typeof wishSchema>;

export const bookingOutcomes = ['booked', 'alltaken', 'unreachable', 'failed'] as const;
export type BookingOutcome = (typeof bookingOutcomes)[number];

export const actplaceEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ActPlaceWishAdded'), data: wishSchema.extend({ byPk: z.number().int() }) }),
  z.object({
    type: z.literal('ActPlaceWishWithdrawn'),
    data: z.object({ wishId: z.string(), byPk: z.number().int() }),
  }),
  z.object({
    type: z.literal('ActPlaceBookingSent'),
    data: z.object({ wishId: z.string(), requestId: z.string(), attempt: z.number().int().positive() }),
  }),
  z.object({
    type: z.literal('ActPlaceBookingResult'),
    data: z.object({
      wishId: z.string(),
      requestId: z.string(),
      outcome: z.enum(bookingOutcomes),
      /** The room booked, or null. */
      room: z.string().nullable(),
      /** The rooms tried in order, and the site's answer for each. */
      tried: z.array(z.object({ room: z.string(), answer: z.string() })),
      error: z.string().optional(),
    }),
  }),
]);
export type ActPlaceEvent = z.infer<typeof actplaceEventSchema>;
export const actplaceEventTypes = [
  'ActPlaceWishAdded',
  'ActPlaceWishWithdrawn',
  'ActPlaceBookingSent',
  'ActPlaceBookingResult',
] as const;
export const actplaceWishStream = (wishId: string) => `actplace-wish-${wishId}`;
