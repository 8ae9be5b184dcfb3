// Sign-in sheets (document 3: AdminSignIn, the sign-in sheet entity) and sign-ins (document 2: SignIn).
// A sheet is a stream `signin-sheet-{sheetId}`; each person's sign-in on a sheet is a claim stream
// `signin-claim-{sheetId}-{userPk}` appended with "no stream", so one person signs in once per sheet
// even when two requests race.
import { z } from 'zod';
import { workshopKindSchema } from '../access/events.ts';

export const signInSheetStream = (sheetId: string): string => `signin-sheet-${sheetId}`;
export const signInClaimStream = (sheetId: string, userPk: number): string =>
  `signin-claim-${sheetId}-${userPk}`;

/** A sheet that counts as one class of a workshop (AdminSignInWorkshopResult): semester and kind. */
export const sheetWorkshopSchema = z.object({
  semester: z.string().regex(/^\d{2,3}-[12]$/),
  kind: workshopKindSchema,
});
export type SheetWorkshop = z.infer<typeof sheetWorkshopSchema>;

export const signInSheetCreatedSchema = z.object({
  type: z.literal('SignInSheetCreated'),
  data: z.object({
    sheetId: z.string().min(1).max(128),
    title: z.string().min(1).max(200),
    /** The secret word; '' means no code is needed. */
    code: z.string().max(50),
    /** The open period: sign-ins are accepted from opensAt (inclusive) to closesAt (exclusive). */
    opensAt: z.string(),
    closesAt: z.string(),
    workshop: sheetWorkshopSchema.nullable(),
    createdBy: z.number().int().positive(),
  }),
});

export const signedInSchema = z.object({
  type: z.literal('SignedIn'),
  data: z.object({
    sheetId: z.string().min(1).max(128),
    userPk: z.number().int().positive(),
    signedAt: z.string(),
  }),
});

export const signInEventSchema = z.discriminatedUnion('type', [signInSheetCreatedSchema, signedInSchema]);
export type SignInSheetCreated = z.infer<typeof signInSheetCreatedSchema>;
export type SignedIn = z.infer<typeof signedInSchema>;
export type SignInEvent = SignInSheetCreated | SignedIn;

export const SIGNIN_EVENT_TYPES = new Set<string>(['SignInSheetCreated', 'SignedIn']);
