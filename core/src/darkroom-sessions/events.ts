// A member's darkroom use is a stream `darkroom-member-{pk}` (document 3: Darkroom log; issue 16 §4): every
// session they check in, the lines they enter (process kind, format, quantity), the chemicals they used,
// and the check-out with its charge. One stream per member, so "one session at a time" and "the member
// fee's allowance is used once" are each decided in one place, against one expected revision.
import { z } from 'zod';
import { FORMATS, PROCESS_KIND_COUNT } from './fees.ts';

export const darkroomMemberStream = (userPk: number): string => `darkroom-member-${userPk}`;

const sessionId = z.string().min(1).max(80);

/** One line of the lines form: how many of a format went through one process kind. */
export const sessionLineSchema = z.object({
  lineId: z.string().min(1).max(80),
  /** Process kind by the spec's index: 0 b/w film, 1 b/w enlarging, 2 colour film, 3 colour enlarging. */
  kind: z
    .number()
    .int()
    .min(0)
    .max(PROCESS_KIND_COUNT - 1),
  format: z.enum(FORMATS),
  /** Rolls or sheets of film developed, or prints made. */
  quantity: z.number().int().positive().max(999),
});
export type SessionLine = z.infer<typeof sessionLineSchema>;

export const chemicalUseSchema = z.object({
  useId: z.string().min(1).max(80),
  chemicalPk: z.number().int().positive(),
  volumeMl: z.number().int().positive().max(100_000),
});
export type SessionChemicalUse = z.infer<typeof chemicalUseSchema>;

/** What a check-out charged: each fee item, and the allowance of the semester it used. */
export const chargeSchema = z.object({
  items: z.array(
    z.object({
      code: z.enum(['bw_film_roll', 'bw_print_session', 'colour_film_roll']),
      /** Units of the session (rolls, or 1 printing session). */
      quantity: z.number().int().nonnegative(),
      /** Units the member fee covered. */
      covered: z.number().int().nonnegative(),
      unitCents: z.number().int().nonnegative(),
      amountCents: z.number().int().nonnegative(),
    }),
  ),
  totalCents: z.number().int().nonnegative(),
  allowanceUsed: z.object({
    bwRolls: z.number().int().nonnegative(),
    bwPrintSessions: z.number().int().nonnegative(),
  }),
});
export type SessionCharge = z.infer<typeof chargeSchema>;

export const darkroomCheckedInSchema = z.object({
  type: z.literal('DarkroomCheckedIn'),
  data: z.object({
    sessionId,
    userPk: z.number().int().positive(),
    /** The semester whose allowance the session uses: the one it started in. */
    semester: z.string().regex(/^\d{2,3}-[12]$/),
    startedAt: z.string(),
    /** Who checked in: the member, or staff at the counter. */
    byPk: z.number().int().positive(),
  }),
});

export const darkroomLineAddedSchema = z.object({
  type: z.literal('DarkroomLineAdded'),
  data: sessionLineSchema.extend({ sessionId }),
});

export const darkroomLineRemovedSchema = z.object({
  type: z.literal('DarkroomLineRemoved'),
  data: z.object({ sessionId, lineId: z.string().min(1).max(80) }),
});

export const darkroomChemicalUsedSchema = z.object({
  type: z.literal('DarkroomChemicalUsed'),
  data: chemicalUseSchema.extend({ sessionId }),
});

export const darkroomCheckedOutSchema = z.object({
  type: z.literal('DarkroomCheckedOut'),
  data: z.object({
    sessionId,
    userPk: z.number().int().positive(),
    semester: z.string(),
    endedAt: z.string(),
    byPk: z.number().int().positive(),
    charge: chargeSchema,
  }),
});

export const darkroomSessionEventSchema = z.discriminatedUnion('type', [
  darkroomCheckedInSchema,
  darkroomLineAddedSchema,
  darkroomLineRemovedSchema,
  darkroomChemicalUsedSchema,
  darkroomCheckedOutSchema,
]);

export type DarkroomCheckedIn = z.infer<typeof darkroomCheckedInSchema>;
export type DarkroomCheckedOut = z.infer<typeof darkroomCheckedOutSchema>;
export type DarkroomSessionEvent = z.infer<typeof darkroomSessionEventSchema>;

export const DARKROOM_SESSION_EVENT_TYPES = new Set<string>([
  'DarkroomCheckedIn',
  'DarkroomLineAdded',
  'DarkroomLineRemoved',
  'DarkroomChemicalUsed',
  'DarkroomCheckedOut',
]);

/** The ledger transfer of a session's charge (one per session, so a retry posts nothing new). */
export const sessionTransferId = (sessionId: string): string => `darkroom:${sessionId}`;
