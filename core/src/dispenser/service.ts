// The dispenser run service: each run decided against its own stream.
import { type CommandContext, handleCommand, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import {
  type DispenseCommand,
  dispenseDecider,
  type DispenseRejection,
  type DispenseState,
} from './decider.ts';
import { dispenseEventSchema, dispenseStream } from './events.ts';

export type DispenseAnswer =
  | { ok: true; position: number; state: DispenseState; appended: number }
  | { ok: false; reason: DispenseRejection };

export class Dispenser {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  async handle(command: DispenseCommand, context: CommandContext): Promise<DispenseAnswer> {
    const id =
      command.type === 'RequestDispense'
        ? command.run.dispenseId
        : command.type === 'StartDispense'
          ? command.dispenseId
          : command.finished.dispenseId;
    const result = await handleCommand(this.store, dispenseStream(id), dispenseDecider, command, context, {
      cache: this.cache,
      schema: dispenseEventSchema,
      deciderIsIdempotent: true,
    });
    return result.ok
      ? { ok: true, position: result.position, state: result.state, appended: result.events.length }
      : { ok: false, reason: result.rejection.rejected };
  }
}
