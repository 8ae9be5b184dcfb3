// The NAS accounts service: staff assign or remove a member's account; the member reads it back.
import { type CommandContext, handleCommand, loadState } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { type NasRejection, nasDecider } from './decider.ts';
import { nasEventSchema, nasStream } from './events.ts';
import type { SecretBox } from './sealing.ts';

export type NasAnswer = { ok: true; position: number } | { ok: false; reason: NasRejection };

export class NasAccounts {
  constructor(
    private readonly store: EventStore,
    private readonly box: SecretBox,
  ) {}

  async assign(
    input: { userPk: number; nasuser: string; password: string; byPk: number | null },
    context: CommandContext,
  ): Promise<NasAnswer> {
    const result = await handleCommand(
      this.store,
      nasStream(input.userPk),
      nasDecider,
      {
        type: 'Assign',
        userPk: input.userPk,
        nasuser: input.nasuser,
        sealedPassword: this.box.seal(input.password),
        byPk: input.byPk,
      },
      context,
      { schema: nasEventSchema },
    );
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }

  async remove(userPk: number, byPk: number | null, context: CommandContext): Promise<NasAnswer> {
    const result = await handleCommand(
      this.store,
      nasStream(userPk),
      nasDecider,
      { type: 'Remove', userPk, byPk },
      context,
      { schema: nasEventSchema },
    );
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }

  /** The member's account with the password opened, or nulls when none is assigned. */
  async account(userPk: number): Promise<{ nasuser: string | null; naspassword: string | null }> {
    const { state } = await loadState(this.store, nasStream(userPk), nasDecider);
    if (state.status === 'none') return { nasuser: null, naspassword: null };
    return { nasuser: state.nasuser, naspassword: this.box.open(state.sealedPassword) };
  }
}
