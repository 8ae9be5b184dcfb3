// Events of the network storage (NAS) accounts. One stream per member (nas-{userPk}). The password is
// kept encrypted (AES-256-GCM, the key from configuration: docs/info-pages.md), because the NAS page
// must show it to its member; a hash would not do, and the log must never hold it in clear.
import { z } from 'zod';

/** The password as stored: AES-256-GCM, base64 of iv (12 bytes) + tag (16 bytes) + ciphertext. */
export const sealedSecretSchema = z.string().min(1);

export const nasAccountAssignedSchema = z.object({
  type: z.literal('NasAccountAssigned'),
  data: z.object({
    userPk: z.number().int(),
    nasuser: z.string().min(1),
    sealedPassword: sealedSecretSchema,
    /** The staff member who assigned it. */
    byPk: z.number().int().nullable(),
  }),
});

export const nasAccountRemovedSchema = z.object({
  type: z.literal('NasAccountRemoved'),
  data: z.object({ userPk: z.number().int(), byPk: z.number().int().nullable() }),
});

export const nasEventSchema = z.discriminatedUnion('type', [
  nasAccountAssignedSchema,
  nasAccountRemovedSchema,
]);
export type NasEvent = z.infer<typeof nasEventSchema>;
export const nasEventTypes = ['NasAccountAssigned', 'NasAccountRemoved'] as const;
export const nasStream = (userPk: number) => `nas-${userPk}`;
