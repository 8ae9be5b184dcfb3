// The workshop application service. Admitting an applicant (result 1 or 3) puts them on that semester's
// workshop roster through the access domain's own command, so the fee collection finds the 500 deposit
// as it does for entries staff add by hand; changing or clearing the result takes the entry off again
// (refused while its deposit is paid: refund it first).
import type { AuthorityKey } from '../access/authorities.ts';
import type { Access } from '../access/service.ts';
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { type WorkshopCommand, workshopDecider, type WorkshopReason, type WorkshopState } from './decider.ts';
import { WORKSHOP_STREAM, workshopEventSchema, type WorkshopResult } from './events.ts';

export type ResultReason = WorkshopReason | 'paid' | 'already_admitted';

export class Workshops {
  constructor(
    private readonly store: EventStore,
    private readonly access: Access,
    private readonly cache?: StateCache,
  ) {}

  async state(): Promise<WorkshopState> {
    return (await loadState(this.store, WORKSHOP_STREAM, workshopDecider, this.cache)).state;
  }

  async command(
    command: WorkshopCommand,
    context: CommandContext,
  ): Promise<{ ok: true; position: number; pk: number | null } | { ok: false; reason: WorkshopReason }> {
    const result = await handleCommand(this.store, WORKSHOP_STREAM, workshopDecider, command, context, {
      cache: this.cache,
      schema: workshopEventSchema,
    });
    if (!result.ok) return { ok: false, reason: result.rejection.rejected };
    const saved = result.events.find((event) => event.type === 'WorkshopFormSaved') as
      | { data: { pk: number } }
      | undefined;
    return { ok: true, position: result.position, pk: saved?.data.pk ?? null };
  }

  /** POST /admin/workshop/result/save: the result, and the roster entry it implies. */
  async setResult(
    input: { pk: number; result: WorkshopResult; byPk: number; authorities: readonly AuthorityKey[] },
    context: CommandContext,
  ): Promise<{ ok: true; position: number } | { ok: false; reason: ResultReason }> {
    const state = await this.state();
    const command: WorkshopCommand = {
      type: 'SetResult',
      pk: input.pk,
      result: input.result,
      byPk: input.byPk,
      mayset: input.authorities.includes('workshopset'),
    };
    const decided = workshopDecider.decide(command, state, context.now);
    if ('rejected' in decided) return { ok: false, reason: decided.rejected };
    const form = state.forms.get(input.pk)!;
    const before = form.result === 1 || form.result === 3 ? form.result : null;
    const after = input.result === 1 || input.result === 3 ? input.result : null;
    const roster = { semester: form.semester, userPk: form.userPk, actorAuthorities: input.authorities };
    if (after !== null && after !== before) {
      // Only one workshop per person and semester: someone already on another kind's roster is refused.
      const entries = (await this.access.workshopRoster(form.semester)).entries;
      const other = [...entries.values()].some(
        (entry) => entry.userPk === form.userPk && entry.kind !== after && entry.kind !== before,
      );
      if (other) return { ok: false, reason: 'already_admitted' };
    }
    if (before !== null && before !== after) {
      const removed = await this.access.removeWorkshopEntry({ ...roster, kind: before }, context);
      if (!removed.ok && removed.reason === 'paid') return { ok: false, reason: 'paid' };
      if (!removed.ok && removed.reason !== 'notfound') return { ok: false, reason: 'forbidden' };
    }
    if (after !== null && after !== before) {
      const added = await this.access.addWorkshopEntry({ ...roster, kind: after }, context);
      if (!added.ok && added.reason !== 'duplicated') return { ok: false, reason: 'forbidden' };
    }
    const written = await this.command(command, context);
    return written.ok ? { ok: true, position: written.position } : written;
  }
}
