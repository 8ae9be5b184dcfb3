// The access application service: staff and workshop rosters, authority grants, and the reads the pure
// functions of effective.ts need. Who the actor is and what they may do is decided by the caller: every
// write takes the actor's effective authorities (from authoritiesOf), and the deciders check them.
import {
  type CommandContext,
  type CommandResult,
  handleCommand,
  loadState,
  type StateCache,
} from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { parseSemesterTag } from '../semester.ts';
import type { AuthorityKey } from './authorities.ts';
import { effectiveAuthorities, isStaff } from './effective.ts';
import {
  AUTHORITY_GRANTS_STREAM,
  grantEventSchema,
  staffRosterEventSchema,
  staffRosterStream,
  type WorkshopKind,
  workshopRosterEventSchema,
  workshopRosterStream,
} from './events.ts';
import { type GrantsReason, type GrantsState, grantsDecider } from './grants.ts';
import { type StaffRosterReason, type StaffRosterState, staffRosterDecider } from './staff-roster.ts';
import {
  type WorkshopRosterReason,
  type WorkshopRosterState,
  workshopRosterDecider,
} from './workshop-roster.ts';

/** A write's outcome: the global position a reader must reach to see it, or the decider's reason. */
export type AccessResult<Reason extends string, Extra = unknown> =
  | ({ ok: true; position: number } & Extra)
  | { ok: false; reason: Reason };

const outcome = <State, Reason extends string>(result: CommandResult<State, Reason>): AccessResult<Reason> =>
  result.ok ? { ok: true, position: result.position } : { ok: false, reason: result.rejection.rejected };

/** A semester tag reaching the service has been validated at the edge; anything else is a programmer error. */
const assertSemester = (semester: string): void => {
  if (parseSemesterTag(semester) === null) throw new Error(`not a semester tag: ${JSON.stringify(semester)}`);
};

export class Access {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  // --- Staff roster ---

  async addStaff(
    input: {
      semester: string;
      userPk: number | null;
      position: string;
      actorAuthorities: readonly AuthorityKey[];
    },
    context: CommandContext,
  ): Promise<AccessResult<StaffRosterReason>> {
    assertSemester(input.semester);
    return outcome(
      await handleCommand(
        this.store,
        staffRosterStream(input.semester),
        staffRosterDecider,
        { type: 'AddStaff', ...input },
        context,
        { cache: this.cache, schema: staffRosterEventSchema },
      ),
    );
  }

  async removeStaff(
    input: { semester: string; userPk: number; actorAuthorities: readonly AuthorityKey[] },
    context: CommandContext,
  ): Promise<AccessResult<StaffRosterReason>> {
    assertSemester(input.semester);
    return outcome(
      await handleCommand(
        this.store,
        staffRosterStream(input.semester),
        staffRosterDecider,
        { type: 'RemoveStaff', ...input },
        context,
        { cache: this.cache, schema: staffRosterEventSchema },
      ),
    );
  }

  async staffRoster(semester: string): Promise<StaffRosterState> {
    assertSemester(semester);
    return (await loadState(this.store, staffRosterStream(semester), staffRosterDecider, this.cache)).state;
  }

  /** Every position title on the rosters of these semesters (pass the current one and every known one). */
  async knownPositionTitles(semesters: Iterable<string>): Promise<string[]> {
    const titles = new Set<string>();
    for (const semester of new Set(semesters)) {
      for (const entry of (await this.staffRoster(semester)).entries.values()) titles.add(entry.position);
    }
    return [...titles];
  }

  // --- Workshop roster ---

  async addWorkshopEntry(
    input: {
      semester: string;
      userPk: number | null;
      kind: number | null;
      actorAuthorities: readonly AuthorityKey[];
    },
    context: CommandContext,
  ): Promise<AccessResult<WorkshopRosterReason>> {
    return this.workshopCommand(input.semester, { type: 'AddWorkshopEntry', ...input }, context);
  }

  async removeWorkshopEntry(
    input: {
      semester: string;
      userPk: number;
      kind: WorkshopKind;
      actorAuthorities: readonly AuthorityKey[];
    },
    context: CommandContext,
  ): Promise<AccessResult<WorkshopRosterReason>> {
    return this.workshopCommand(input.semester, { type: 'RemoveWorkshopEntry', ...input }, context);
  }

  /** Called by the ledger when a transfer paid the deposit of this entry. */
  async linkWorkshopDeposit(
    input: { semester: string; userPk: number; kind: WorkshopKind; transferId: string },
    context: CommandContext,
  ): Promise<AccessResult<WorkshopRosterReason>> {
    return this.workshopCommand(input.semester, { type: 'LinkWorkshopDeposit', ...input }, context);
  }

  /** Called by the ledger when the paying transfer is refunded or corrected. */
  async unlinkWorkshopDeposit(
    input: { semester: string; userPk: number; kind: WorkshopKind; transferId: string },
    context: CommandContext,
  ): Promise<AccessResult<WorkshopRosterReason>> {
    return this.workshopCommand(input.semester, { type: 'UnlinkWorkshopDeposit', ...input }, context);
  }

  async workshopRoster(semester: string): Promise<WorkshopRosterState> {
    assertSemester(semester);
    return (await loadState(this.store, workshopRosterStream(semester), workshopRosterDecider, this.cache))
      .state;
  }

  private async workshopCommand(
    semester: string,
    command: Parameters<typeof workshopRosterDecider.decide>[0],
    context: CommandContext,
  ): Promise<AccessResult<WorkshopRosterReason>> {
    assertSemester(semester);
    return outcome(
      await handleCommand(
        this.store,
        workshopRosterStream(semester),
        workshopRosterDecider,
        command,
        context,
        {
          cache: this.cache,
          schema: workshopRosterEventSchema,
        },
      ),
    );
  }

  // --- Authority grants ---

  /**
   * Grants an authority to a user or to a position keyword. `semesters` are the semesters whose rosters
   * count as known for the 'positionnotexists' check: the current one and every one the roster pages offer.
   * The new grant's pk is returned; on an idempotent retry (same commandId) it is looked up again, and is
   * null only if that grant has since been deleted.
   */
  async addGrant(
    input: {
      key: string;
      userPk: number | null;
      staffKeyword: string | null;
      actorAuthorities: readonly AuthorityKey[];
      semesters: readonly string[];
    },
    context: CommandContext,
  ): Promise<AccessResult<GrantsReason, { grantPk: number | null }>> {
    const { semesters, ...fields } = input;
    const knownPositionTitles = await this.knownPositionTitles(semesters);
    const result = await handleCommand(
      this.store,
      AUTHORITY_GRANTS_STREAM,
      grantsDecider,
      { type: 'AddGrant', ...fields, knownPositionTitles },
      context,
      { cache: this.cache, schema: grantEventSchema },
    );
    if (!result.ok) return { ok: false, reason: result.rejection.rejected };
    const [granted] = result.events;
    if (granted?.type === 'AuthorityGranted') {
      return { ok: true, position: result.position, grantPk: (granted.data as { grantPk: number }).grantPk };
    }
    const keyword = (input.staffKeyword ?? '').trim();
    const existing = [...result.state.grants.values()].find(
      (grant) =>
        grant.key === input.key &&
        (grant.target.kind === 'user'
          ? grant.target.userPk === input.userPk
          : grant.target.keyword === keyword),
    );
    return { ok: true, position: result.position, grantPk: existing?.grantPk ?? null };
  }

  async deleteGrant(
    input: { grantPk: number; actorAuthorities: readonly AuthorityKey[] },
    context: CommandContext,
  ): Promise<AccessResult<GrantsReason>> {
    return outcome(
      await handleCommand(
        this.store,
        AUTHORITY_GRANTS_STREAM,
        grantsDecider,
        { type: 'DeleteGrant', ...input },
        context,
        { cache: this.cache, schema: grantEventSchema },
      ),
    );
  }

  async grants(): Promise<GrantsState> {
    return (await loadState(this.store, AUTHORITY_GRANTS_STREAM, grantsDecider, this.cache)).state;
  }

  // --- Reads for the pure functions ---

  /** `authlist` of a user: see effectiveAuthorities for the union and the member-only rule. */
  async authoritiesOf(input: {
    userPk: number;
    currentSemester: string;
    isMember: boolean;
  }): Promise<AuthorityKey[]> {
    const [grants, currentRoster] = await Promise.all([
      this.grants(),
      this.staffRoster(input.currentSemester),
    ]);
    return effectiveAuthorities({
      userPk: input.userPk,
      grants: grants.grants.values(),
      currentRoster,
      isMember: input.isMember,
    });
  }

  /** `isstaff`: on the current semester's roster. */
  async isStaff(userPk: number, currentSemester: string): Promise<boolean> {
    return isStaff(userPk, await this.staffRoster(currentSemester));
  }
}
