// Staff area, who may do what (document 3, sections 2.2, 5, 6 and 7): the member, staff and workshop
// rosters per semester (AdminMemberStaffWorkshopList, AdminStaffWorkshopAdd, remove) and the authority
// grants (AdminAuth).
import { semesterTagSchema, userPkSchema, workshopKindSchema } from '@club/core/access/events';
import { z } from 'zod';
import { endpoint, failSchema, listedUserSchema, okSchema, transactionSchema } from './shared.ts';

/** Member entry: derived from the member-fee payments of the semester. */
export const memberEntrySchema = z.object({
  user: listedUserSchema,
  /** Identity group: 1–5 university year, 11 master, 21 doctoral, 31 foreign, 51 alumni, 61 other school, 0 unknown. */
  identitygroup: z.number(),
  /** The fee payment's transaction row (null only if the read model lost it: never expected). */
  trans: transactionSchema.nullable(),
  semester: z.string(),
});

/** Staff entry. `semester` is carried so the client can post the entry back to remove it. */
export const staffEntrySchema = z.object({
  user: listedUserSchema,
  position: z.string(),
  semester: z.string(),
});

/** Workshop entry: `trans` is false while the deposit is unpaid, else the paying transfer's id. */
export const workshopEntrySchema = z.object({
  user: listedUserSchema,
  /** 1 darkroom, 2 digital darkroom, 3 photography, 4 image, 5 large format; posted back to remove it. */
  kind: workshopKindSchema,
  trans: z.union([z.literal(false), z.string()]),
  semester: z.string(),
});

const rosterListSchema = <Entry extends z.ZodType>(entry: Entry) =>
  okSchema.extend({
    objlist: z.array(entry),
    semesterList: z.array(z.string()),
    semesterSelected: z.string(),
  });

/** A semester tag (an empty one, from a trailing slash, means the current semester). */
const listParamsSchema = z.object({ semester: z.union([semesterTagSchema, z.literal('')]) });

// Each roster list takes an optional semester. OpenAPI has no optional path segment ('/list/{semester}?'
// is not valid), so each form is a call of its own: without the segment (the current semester) and with it.

export const memberRosterList = endpoint({
  method: 'GET',
  path: '/admin/member/list',
  ok: rosterListSchema(memberEntrySchema),
  fail: failSchema,
});
export const memberRosterListOf = endpoint({
  ...memberRosterList,
  path: '/admin/member/list/:semester',
  params: listParamsSchema,
});

export const staffRosterList = endpoint({
  method: 'GET',
  path: '/admin/staff/list',
  ok: rosterListSchema(staffEntrySchema),
  fail: failSchema,
});
export const staffRosterListOf = endpoint({
  ...staffRosterList,
  path: '/admin/staff/list/:semester',
  params: listParamsSchema,
});

export const workshopRosterList = endpoint({
  method: 'GET',
  path: '/admin/workshop/list',
  ok: rosterListSchema(workshopEntrySchema),
  fail: failSchema,
});
export const workshopRosterListOf = endpoint({
  ...workshopRosterList,
  path: '/admin/workshop/list/:semester',
  params: listParamsSchema,
});

/** The person chosen in the type-ahead: a user pk, or the user object the type-ahead gave (with its pk). */
const userSelectedSchema = z.union([userPkSchema, z.object({ pk: userPkSchema }), z.null()]).optional();

export const rosterAddBodySchema = z.object({
  userSelected: userSelectedSchema,
  /** 1..5; a numeric string from a select is accepted; anything else is refused with 'workshop_required'. */
  workshopKind: z.union([z.number(), z.string().max(10), z.null()]).optional(),
  staffPosition: z.string().max(200).nullable().optional(),
});

const rosterAddParamsSchema = z.object({ semester: semesterTagSchema });

/**
 * Refusals: notfound (checked first), forbidden (needs staffset / workshopset), user_required,
 * position_required, position_too_long, workshop_required, duplicated.
 */
export const staffAdd = endpoint({
  method: 'POST',
  path: '/admin/staff/add/:semester',
  params: rosterAddParamsSchema,
  body: rosterAddBodySchema,
  ok: okSchema,
  fail: failSchema,
});

export const workshopAdd = endpoint({
  method: 'POST',
  path: '/admin/workshop/add/:semester',
  params: rosterAddParamsSchema,
  body: rosterAddBodySchema,
  ok: okSchema,
  fail: failSchema,
});

/** Removing from a roster: the listed entry posted back (extra fields such as position or trans are ignored). */
export const staffRemoveBodySchema = z.object({
  user: z.object({ pk: userPkSchema }),
  semester: semesterTagSchema,
});
export const workshopRemoveBodySchema = staffRemoveBodySchema.extend({ kind: workshopKindSchema });

/** Refusals: forbidden (needs staffset), notfound (not on that roster). */
export const staffRemove = endpoint({
  method: 'POST',
  path: '/admin/staff/remove',
  body: staffRemoveBodySchema,
  ok: okSchema,
  fail: failSchema,
});

/** Refusals: forbidden (needs workshopset), notfound, paid (the deposit is held: refund it first). */
export const workshopRemove = endpoint({
  method: 'POST',
  path: '/admin/workshop/remove',
  body: workshopRemoveBodySchema,
  ok: okSchema,
  fail: failSchema,
});

export const grantGroupSchema = z.object({
  /** `pk` is the grant's pk. */
  userlist: z.array(
    z.object({
      pk: z.number(),
      name: z.string(),
      user: z.object({ pk: z.number(), pkstr: z.string(), name: z.string() }),
    }),
  ),
  /** `pk` is the grant's pk; `name` the position keyword. */
  keywordlist: z.array(z.object({ pk: z.number(), name: z.string() })),
});

export const authOverview = endpoint({
  method: 'GET',
  path: '/admin/auth',
  ok: okSchema.extend({
    authlist: z.array(z.object({ key: z.string(), title: z.string(), desc: z.string() })),
    authdict: z.record(z.string(), grantGroupSchema),
  }),
  fail: failSchema,
});

export const grantChangeBodySchema = z.discriminatedUnion('cmd', [
  z.object({
    cmd: z.literal('add'),
    /** Checked against the closed list by the decider ('unknown_key'). */
    key: z.string().max(50),
    userpk: userPkSchema.nullable().optional(),
    staffkeyword: z.string().max(200).nullable().optional(),
  }),
  z.object({ cmd: z.literal('delete'), pk: z.number().int().positive() }),
]);

/**
 * Refusals: notfound, forbidden, unknown_key, missing (neither user nor keyword), ambiguous (both),
 * duplicated, positionnotexists.
 */
export const grantChange = endpoint({
  method: 'POST',
  path: '/admin/auth',
  body: grantChangeBodySchema,
  ok: okSchema,
  fail: failSchema,
});
