// Events of the access domain: staff and workshop rosters per semester, and authority grants.
// Every event is self-describing (it names its semester), so projections reading the global log need not
// parse stream names.
import { z } from 'zod';
import { authorityKeys } from './authorities.ts';

/** A semester tag such as '115-1' (ROC year of the academic year's start, term 1 or 2). */
export const semesterTagSchema = z.string().regex(/^\d{2,3}-[12]$/);
export const userPkSchema = z.number().int().positive();
export const authorityKeySchema = z.enum(authorityKeys);

/** The longest position title accepted; longer titles are refused with 'position_too_long'. */
export const POSITION_TITLE_MAX_LENGTH = 40;
export const positionTitleSchema = z.string().trim().min(1).max(POSITION_TITLE_MAX_LENGTH);

/** Workshop kinds (document 3, section 3): 1 darkroom, 2 digital darkroom, 3 photography, 4 image, 5 large format. */
export const workshopKindSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);
export type WorkshopKind = z.infer<typeof workshopKindSchema>;

/** The ledger's id of the transfer that paid a workshop deposit. */
export const transferIdSchema = z.string().min(1);

// --- Staff roster (stream staff-roster-{semester}) ---

export const staffAddedSchema = z.object({
  type: z.literal('StaffAdded'),
  data: z.object({ semester: semesterTagSchema, userPk: userPkSchema, position: positionTitleSchema }),
});

export const staffRemovedSchema = z.object({
  type: z.literal('StaffRemoved'),
  data: z.object({ semester: semesterTagSchema, userPk: userPkSchema }),
});

export const staffRosterEventSchema = z.discriminatedUnion('type', [staffAddedSchema, staffRemovedSchema]);
export type StaffRosterEvent = z.infer<typeof staffRosterEventSchema>;

// --- Workshop roster (stream workshop-roster-{semester}) ---

const workshopEntryData = z.object({
  semester: semesterTagSchema,
  userPk: userPkSchema,
  kind: workshopKindSchema,
});

export const workshopEntryAddedSchema = z.object({
  type: z.literal('WorkshopEntryAdded'),
  data: workshopEntryData,
});
export const workshopEntryRemovedSchema = z.object({
  type: z.literal('WorkshopEntryRemoved'),
  data: workshopEntryData,
});

/** The ledger paid this entry's deposit with a transfer (fee collection); the entry now counts as paid. */
export const workshopDepositLinkedSchema = z.object({
  type: z.literal('WorkshopDepositLinked'),
  data: workshopEntryData.extend({ transferId: transferIdSchema }),
});

/** The deposit transfer was refunded or corrected: the entry is unpaid again. */
export const workshopDepositUnlinkedSchema = z.object({
  type: z.literal('WorkshopDepositUnlinked'),
  data: workshopEntryData.extend({ transferId: transferIdSchema }),
});

export const workshopRosterEventSchema = z.discriminatedUnion('type', [
  workshopEntryAddedSchema,
  workshopEntryRemovedSchema,
  workshopDepositLinkedSchema,
  workshopDepositUnlinkedSchema,
]);
export type WorkshopRosterEvent = z.infer<typeof workshopRosterEventSchema>;

// --- Authority grants (stream authority-grants) ---

/** Who a grant is for: one user, or every staff member whose position title contains the keyword. */
export const grantTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userPk: userPkSchema }),
  z.object({ kind: z.literal('keyword'), keyword: positionTitleSchema }),
]);
export type GrantTarget = z.infer<typeof grantTargetSchema>;

/** Grant pks are allocated sequentially within the grants stream, starting at 1. */
export const grantPkSchema = z.number().int().positive();

export const authorityGrantedSchema = z.object({
  type: z.literal('AuthorityGranted'),
  data: z.object({ grantPk: grantPkSchema, key: authorityKeySchema, target: grantTargetSchema }),
});

export const authorityRevokedSchema = z.object({
  type: z.literal('AuthorityRevoked'),
  data: z.object({ grantPk: grantPkSchema, key: authorityKeySchema, target: grantTargetSchema }),
});

export const grantEventSchema = z.discriminatedUnion('type', [
  authorityGrantedSchema,
  authorityRevokedSchema,
]);
export type GrantEvent = z.infer<typeof grantEventSchema>;

/** Every event of the access domain, for projections that read the global log. */
export const accessEventSchema = z.discriminatedUnion('type', [
  staffAddedSchema,
  staffRemovedSchema,
  workshopEntryAddedSchema,
  workshopEntryRemovedSchema,
  workshopDepositLinkedSchema,
  workshopDepositUnlinkedSchema,
  authorityGrantedSchema,
  authorityRevokedSchema,
]);
export type AccessEvent = z.infer<typeof accessEventSchema>;

export const accessEventTypes = [
  'StaffAdded',
  'StaffRemoved',
  'WorkshopEntryAdded',
  'WorkshopEntryRemoved',
  'WorkshopDepositLinked',
  'WorkshopDepositUnlinked',
  'AuthorityGranted',
  'AuthorityRevoked',
] as const satisfies readonly AccessEvent['type'][];

export const staffRosterStream = (semester: string) => `staff-roster-${semester}`;
export const workshopRosterStream = (semester: string) => `workshop-roster-${semester}`;
export const AUTHORITY_GRANTS_STREAM = 'authority-grants';
