// A darkroom chemical is a stream `chemical-{pk}` (document 3: Chemical, Chemical log): defined once with its
// bottle size, then every movement of its stock is a ChemicalOperationRecorded with the spec's operation
// code (1 use, 2 replenish, 3 adjust). Volumes are whole millilitres.
import { z } from 'zod';

export const chemicalStream = (pk: number): string => `chemical-${pk}`;

/** The chemical log's operation codes (document 3, section 4). */
export const CHEMICAL_OPERATION = { use: 1, replenish: 2, adjust: 3 } as const;
export type ChemicalOperation = (typeof CHEMICAL_OPERATION)[keyof typeof CHEMICAL_OPERATION];

export const chemicalDefinedSchema = z.object({
  type: z.literal('ChemicalDefined'),
  data: z.object({
    pk: z.number().int().positive(),
    name: z.string().min(1).max(100),
    /** Millilitres in one bottle as bought (bottle2ml). */
    bottle2ml: z.number().int().positive(),
    /** Used chemical must be collected for recycling (fixer carries silver). */
    needRecycle: z.boolean(),
    /** Below this volume the chemical needs replenishing (chemicalNeedReplenish). */
    replenishBelowMl: z.number().int().nonnegative(),
  }),
});

export const chemicalOperationRecordedSchema = z.object({
  type: z.literal('ChemicalOperationRecorded'),
  data: z.object({
    pk: z.number().int().positive(),
    operation: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** Signed change of the volume in ml. */
    diffvolume: z.number().int(),
    /** Millilitres collected for recycling by this movement (uses of a needRecycle chemical). */
    recyclevolume: z.number().int().nonnegative(),
    newvolume: z.number().int().nonnegative(),
    comment: z.string().max(500),
    userPk: z.number().int().positive().nullable(),
    /** The dispenser run a use came from, with its ingredient index. */
    dispenseId: z.string().max(128).optional(),
  }),
});

export const chemicalEventSchema = z.discriminatedUnion('type', [
  chemicalDefinedSchema,
  chemicalOperationRecordedSchema,
]);
export type ChemicalDefined = z.infer<typeof chemicalDefinedSchema>;
export type ChemicalOperationRecorded = z.infer<typeof chemicalOperationRecordedSchema>;
export type ChemicalEvent = ChemicalDefined | ChemicalOperationRecorded;
export const CHEMICAL_EVENT_TYPES = new Set<string>(['ChemicalDefined', 'ChemicalOperationRecorded']);
