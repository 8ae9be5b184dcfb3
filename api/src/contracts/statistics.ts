// Staff statistics (document 3: AdminMemberStaffStat, AdminUsageMember, AdminUsageClub). The spec names
// only GET /admin/memberstaff/stat → stat; the shapes here are ours (docs/statistics.md). Every answer
// carries `moment`: the log position and the time the figures reflect.
import { z } from 'zod';
import { endpoint, failSchema, okSchema, personRefSchema } from './shared.ts';

/** The log position the read models had reached and the server's time when the figures were taken. */
export const momentSchema = z.object({ position: z.number(), at: z.string() });

const semesterTag = z.string().regex(/^\d{2,3}-[12]$/);

const retentionRowSchema = z.object({
  semester: z.string(),
  size: z.number(),
  /** later[k]: how many of them are there k+1 semesters later. */
  later: z.array(z.number()),
});

/** AdminMemberStaffStat. */
export const memberStaffStat = endpoint({
  method: 'GET',
  path: '/admin/memberstaff/stat',
  ok: okSchema.extend({
    stat: z.object({
      /** Per semester (newest first): members by identity group, in the spec's group order. */
      identity: z.array(
        z.object({
          semester: z.string(),
          total: z.number(),
          staff: z.number(),
          groups: z.array(z.object({ group: z.number(), count: z.number() })),
        }),
      ),
      /** Oldest semester first. */
      memberRetention: z.array(retentionRowSchema),
      staffRetention: z.array(retentionRowSchema),
    }),
    moment: momentSchema,
  }),
  fail: failSchema,
});

/** One set of usage figures (projections/src/statistics.ts UsageFigures); money in dollars. */
export const usageFiguresSchema = z.object({
  darkroomSessions: z.number(),
  rolls: z.number(),
  prints: z.number(),
  gicleeJobs: z.number(),
  gicleeSquareInches: z.number(),
  labels: z.number(),
  loans: z.number(),
  purchases: z.number(),
  purchaseAmount: z.number(),
  points: z.number(),
});

const memberUsageOk = okSchema.extend({
  semesterSelected: z.string(),
  semesterList: z.array(z.string()),
  loglist: z.array(z.object({ user: personRefSchema, ismember: z.boolean(), usage: usageFiguresSchema })),
  moment: momentSchema,
});

/** AdminUsageMember for the current semester (OpenAPI paths have no optional segment). */
export const usageMemberCurrent = endpoint({
  method: 'GET',
  path: '/admin/usage/member',
  ok: memberUsageOk,
  fail: failSchema,
});

/** AdminUsageMember for one semester. */
export const usageMember = endpoint({
  method: 'GET',
  path: '/admin/usage/member/:semester',
  params: z.object({ semester: semesterTag }),
  ok: memberUsageOk,
  fail: failSchema,
});

/** AdminUsageClub: per semester, newest first. `addValue` only for user pk 2 (document 3). */
export const usageClub = endpoint({
  method: 'GET',
  path: '/admin/usage/club',
  ok: okSchema.extend({
    loglist: z.array(
      z.object({
        semester: z.string(),
        members: z.number(),
        staff: z.number(),
        users: z.number(),
        usage: usageFiguresSchema,
        /** Stored value topped up in the semester, in dollars; present only for user pk 2. */
        addValue: z.number().optional(),
      }),
    ),
    showAddValue: z.boolean(),
    moment: momentSchema,
  }),
  fail: failSchema,
});
