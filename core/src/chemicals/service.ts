// The chemical stock service: each command decided against the chemical's own stream.
import { type CommandContext, handleCommand, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { type ChemicalCommand, chemicalDecider, type ChemicalRejection } from './decider.ts';
import { chemicalEventSchema, chemicalStream } from './events.ts';

export type ChemicalAnswer = { ok: true; position: number } | { ok: false; reason: ChemicalRejection };

export class Chemicals {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  async handle(command: ChemicalCommand, context: CommandContext): Promise<ChemicalAnswer> {
    const pk = command.type === 'DefineChemical' ? command.chemical.pk : command.pk;
    const result = await handleCommand(this.store, chemicalStream(pk), chemicalDecider, command, context, {
      cache: this.cache,
      schema: chemicalEventSchema,
    });
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }
}
