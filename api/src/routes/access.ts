// Staff area, who may do what (document 3, sections 2.2, 5, 6 and 7): the staff and workshop rosters per
// semester (AdminMemberStaffWorkshopList, AdminStaffWorkshopAdd, remove) and the authority grants
// (AdminAuth).
//
// Each handler's logic is an exported function of plain inputs (the services, the acting user's
// authorities, a command context) and answers the response body; the routes only parse, guard and
// delegate. The roster routes sit behind the staff guard, which needs membership, and membership comes
// from the ledger's fee events; until those exist the tests call these functions directly.
import type { AuthorityKey } from '@club/core/access/authorities';
import { authorityList, isAuthorityKey } from '@club/core/access/authorities';
import { sortStaffEntries } from '@club/core/access/effective';
import { grantsByKey } from '@club/core/access/grants';
import type { AccessResult } from '@club/core/access/service';
import type { CommandContext } from '@club/core/commands';
import { compareSemesterTags, nextSemester, semesterOf } from '@club/core/semester';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { commandContext, requireRole, requireStaffWith } from '../auth/guards.ts';
import type { PortalServices } from '../services.ts';
import * as contract from '../contracts/access.ts';
import { listedUser } from '../views/listed-user.ts';
import { memberList } from '../views/member-roster.ts';
import { responsesOf } from './schemas.ts';

// --- Schemas (api/src/contracts/access.ts) ---

export {
  grantChangeBodySchema,
  rosterAddBodySchema,
  staffRemoveBodySchema,
  workshopRemoveBodySchema,
} from '../contracts/access.ts';
export type RosterAddBody = z.infer<typeof contract.rosterAddBodySchema>;
export type StaffRemoveBody = z.infer<typeof contract.staffRemoveBodySchema>;
export type WorkshopRemoveBody = z.infer<typeof contract.workshopRemoveBodySchema>;
export type GrantChangeBody = z.infer<typeof contract.grantChangeBodySchema>;

// --- Handler logic ---

type Answer = { status: 'ok' } | { status: 'fail'; reason: string };
const fail = (reason: string) => ({ status: 'fail' as const, reason });

/** Answers a write: its reason, or ok once the read models show it (read your own writes). */
async function settle(services: PortalServices, result: AccessResult<string>): Promise<Answer> {
  if (!result.ok) return fail(result.reason);
  await services.projections.waitFor(result.position);
  return { status: 'ok' };
}

/** The acting user's authorities as the deciders take them (the guards' authlist holds only valid keys). */
export const actorAuthoritiesOf = (request: FastifyRequest): AuthorityKey[] =>
  (request.viewer?.authlist ?? []).filter(isAuthorityKey);

/**
 * The semester selector's choices, newest first: every semester whose roster has entries, the current
 * and the next semester, and the selected one (so the selector can always show what is listed).
 */
export function semesterChoices(
  rosters: ReadonlyMap<string, { entries: ReadonlyMap<unknown, unknown> }>,
  now: Date,
  selected?: string,
): string[] {
  const current = semesterOf(now);
  const tags = new Set([current.tag, nextSemester(current).tag]);
  if (selected) tags.add(selected);
  for (const [tag, roster] of rosters) if (roster.entries.size > 0) tags.add(tag);
  return [...tags].sort((a, b) => compareSemesterTags(b, a));
}

/** GET /admin/staff/list/{semester}: in the club's position order. */
export function staffList(services: PortalServices, semester?: string) {
  const { access, users } = services.projections.models;
  const semesterSelected = semester ?? semesterOf(services.now()).tag;
  const roster = access.staffBySemester.get(semesterSelected);
  return {
    status: 'ok' as const,
    objlist: sortStaffEntries(roster?.entries.values() ?? []).map((entry) => ({
      user: listedUser(users, entry.userPk),
      position: entry.position,
      semester: semesterSelected,
    })),
    semesterList: semesterChoices(access.staffBySemester, services.now(), semesterSelected),
    semesterSelected,
  };
}

/** GET /admin/workshop/list/{semester}: by workshop kind, then in the order the entries were added. */
export function workshopList(services: PortalServices, semester?: string) {
  const { access, users } = services.projections.models;
  const semesterSelected = semester ?? semesterOf(services.now()).tag;
  const roster = access.workshopsBySemester.get(semesterSelected);
  const entries = [...(roster?.entries.values() ?? [])].sort((a, b) => a.kind - b.kind);
  return {
    status: 'ok' as const,
    objlist: entries.map((entry) => ({
      user: listedUser(users, entry.userPk),
      kind: entry.kind,
      trans: entry.deposit.status === 'paid' ? entry.deposit.transferId : (false as const),
      semester: semesterSelected,
    })),
    semesterList: semesterChoices(access.workshopsBySemester, services.now(), semesterSelected),
    semesterSelected,
  };
}

const selectedUserPk = (selected: RosterAddBody['userSelected']): number | null =>
  selected === undefined || selected === null ? null : typeof selected === 'number' ? selected : selected.pk;

const workshopKindOf = (value: RosterAddBody['workshopKind']): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return null;
};

/**
 * POST /admin/{kind}/add/{semester}. An unknown user pk is 'notfound' (checked first, against the users
 * read model); then the decider's order: 'forbidden' (no staffset / workshopset), 'user_required',
 * 'position_required' / 'position_too_long' (staff) or 'workshop_required' (workshop), 'duplicated'.
 */
export async function addRosterEntry(
  services: PortalServices,
  input: {
    kind: 'staff' | 'workshop';
    semester: string;
    body: RosterAddBody;
    actorAuthorities: readonly AuthorityKey[];
  },
  context: CommandContext,
): Promise<Answer> {
  const { semester, body, actorAuthorities } = input;
  const userPk = selectedUserPk(body.userSelected);
  if (userPk !== null && !services.projections.models.users.byPk.has(userPk)) return fail('notfound');
  const result =
    input.kind === 'staff'
      ? await services.access.addStaff(
          { semester, userPk, position: body.staffPosition ?? '', actorAuthorities },
          context,
        )
      : await services.access.addWorkshopEntry(
          { semester, userPk, kind: workshopKindOf(body.workshopKind), actorAuthorities },
          context,
        );
  return settle(services, result);
}

/** POST /admin/staff/remove. Reasons: 'forbidden' (no staffset), 'notfound' (not on that roster). */
export async function removeStaffEntry(
  services: PortalServices,
  input: { body: StaffRemoveBody; actorAuthorities: readonly AuthorityKey[] },
  context: CommandContext,
): Promise<Answer> {
  const { body, actorAuthorities } = input;
  return settle(
    services,
    await services.access.removeStaff(
      { semester: body.semester, userPk: body.user.pk, actorAuthorities },
      context,
    ),
  );
}

/**
 * POST /admin/workshop/remove. Reasons: 'forbidden' (no workshopset), 'notfound', 'paid' (the deposit is
 * held: refund it first, which unpays the entry).
 */
export async function removeWorkshopEntry(
  services: PortalServices,
  input: { body: WorkshopRemoveBody; actorAuthorities: readonly AuthorityKey[] },
  context: CommandContext,
): Promise<Answer> {
  const { body, actorAuthorities } = input;
  return settle(
    services,
    await services.access.removeWorkshopEntry(
      { semester: body.semester, userPk: body.user.pk, kind: body.kind, actorAuthorities },
      context,
    ),
  );
}

/** GET /admin/auth: every authority in the viewer's language, and the grants in force per key. */
export function authOverview(services: PortalServices, lang: 'tw' | 'en') {
  const { access, users } = services.projections.models;
  const authdict: Record<string, z.infer<typeof contract.grantGroupSchema>> = {};
  for (const [key, group] of Object.entries(grantsByKey(access.grants))) {
    authdict[key] = {
      userlist: group.users.map(({ grantPk, userPk }) => {
        const { pk, pkstr, name } = listedUser(users, userPk);
        return { pk: grantPk, name: name || pkstr, user: { pk, pkstr, name } };
      }),
      keywordlist: group.keywords.map(({ grantPk, keyword }) => ({ pk: grantPk, name: keyword })),
    };
  }
  return { status: 'ok' as const, authlist: authorityList(lang), authdict };
}

/**
 * POST /admin/auth. add: 'notfound' for an unknown user pk (checked first), then the decider's
 * 'forbidden', 'unknown_key', 'missing' (neither user nor keyword), 'ambiguous' (both), 'duplicated',
 * 'positionnotexists' (the keyword is in no position title of the semesters the roster pages offer).
 * delete: 'forbidden', 'notfound' (no grant in force with that pk).
 */
export async function changeGrants(
  services: PortalServices,
  input: { body: GrantChangeBody; actorAuthorities: readonly AuthorityKey[] },
  context: CommandContext,
): Promise<Answer> {
  const { body, actorAuthorities } = input;
  if (body.cmd === 'delete') {
    return settle(
      services,
      await services.access.deleteGrant({ grantPk: body.pk, actorAuthorities }, context),
    );
  }
  const userPk = body.userpk ?? null;
  if (userPk !== null && !services.projections.models.users.byPk.has(userPk)) return fail('notfound');
  const semesters = semesterChoices(services.projections.models.access.staffBySemester, services.now());
  const result = await services.access.addGrant(
    { key: body.key, userPk, staffKeyword: body.staffkeyword ?? null, actorAuthorities, semesters },
    context,
  );
  return settle(services, result);
}

// --- Routes ---

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  // Staff AND member (document 3, section 6): the guard checks both.
  const staffOnly = requireRole('staff');

  // Each roster list in its two forms (api/src/contracts/access.ts): the current semester, or a given one.
  // kind=member is derived from member-fee payments (api/src/views/member-roster.ts).
  const rosterLists = [
    {
      calls: [contract.staffRosterList, contract.staffRosterListOf],
      summary: 'The staff roster of a semester (default: the current one), in position order',
      list: staffList,
    },
    {
      calls: [contract.workshopRosterList, contract.workshopRosterListOf],
      summary: 'The workshop roster of a semester (default: the current one), by workshop kind',
      list: workshopList,
    },
    {
      calls: [contract.memberRosterList, contract.memberRosterListOf],
      summary: 'The member roster of a semester (default: the current one), by identity group',
      list: memberList,
    },
  ] as const;
  for (const { calls, summary, list } of rosterLists) {
    const [current, ofSemester] = calls;
    app.get(
      current.path,
      { preHandler: staffOnly, schema: { tags: ['admin'], summary, response: responsesOf(current) } },
      async () => list(services, undefined),
    );
    app.get(
      ofSemester.path,
      {
        preHandler: staffOnly,
        schema: { tags: ['admin'], summary, params: ofSemester.params, response: responsesOf(ofSemester) },
      },
      async (request) => list(services, request.params.semester || undefined),
    );
  }

  for (const kind of ['staff', 'workshop'] as const) {
    app.post(
      `/admin/${kind}/add/:semester`,
      {
        preHandler: staffOnly,
        schema: {
          tags: ['admin'],
          summary: `Add a person to the ${kind} roster of a semester (needs ${kind}set)`,
          params: contract.staffAdd.params,
          body: contract.staffAdd.body,
          response: responsesOf(kind === 'staff' ? contract.staffAdd : contract.workshopAdd),
        },
      },
      async (request) =>
        addRosterEntry(
          services,
          {
            kind,
            semester: request.params.semester,
            body: request.body,
            actorAuthorities: actorAuthoritiesOf(request),
          },
          commandContext(request),
        ),
    );
  }

  app.post(
    '/admin/staff/remove',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Remove a person from a semester’s staff roster (needs staffset)',
        body: contract.staffRemove.body,
        response: responsesOf(contract.staffRemove),
      },
    },
    async (request) =>
      removeStaffEntry(
        services,
        { body: request.body, actorAuthorities: actorAuthoritiesOf(request) },
        commandContext(request),
      ),
  );

  app.post(
    '/admin/workshop/remove',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Remove an unpaid entry from a semester’s workshop roster (needs workshopset)',
        body: contract.workshopRemove.body,
        response: responsesOf(contract.workshopRemove),
      },
    },
    async (request) =>
      removeWorkshopEntry(
        services,
        { body: request.body, actorAuthorities: actorAuthoritiesOf(request) },
        commandContext(request),
      ),
  );

  // Every Admin call needs active staff (document 3, section 6) as well as the authority.
  const authOnly = requireStaffWith('auth');

  app.get(
    '/admin/auth',
    {
      preHandler: authOnly,
      schema: {
        tags: ['admin'],
        summary: 'Authorities and their grants (AdminAuth; needs auth)',
        response: responsesOf(contract.authOverview),
      },
    },
    async (request) => authOverview(services, request.viewer!.row.lang === 'en' ? 'en' : 'tw'),
  );

  app.post(
    '/admin/auth',
    {
      preHandler: authOnly,
      schema: {
        tags: ['admin'],
        summary: 'Grant an authority to a user or a staff position keyword, or delete a grant (needs auth)',
        body: contract.grantChange.body,
        response: responsesOf(contract.grantChange),
      },
    },
    async (request) =>
      changeGrants(
        services,
        { body: request.body, actorAuthorities: actorAuthoritiesOf(request) },
        commandContext(request),
      ),
  );
};
