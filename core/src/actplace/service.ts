// The room-booking helper's application service: staff add and withdraw wishes; a run sends each pending
// wish to the booking host through a port (the API adapts the device link to it) and records the result.
import { type CommandContext, handleCommand, loadState } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { deterministicUuid } from '../ids.ts';
import { type WishCommand, type WishRejection, type WishState, wishDecider } from './decider.ts';
import { actplaceEventSchema, actplaceWishStream, type BookingOutcome, type Wish } from './events.ts';

/** The booking host as the service sees it: books one wish, trying its choices in order. */
export interface BookingHostPort {
  book(
    requestId: string,
    wish: Wish,
  ): Promise<{
    outcome: BookingOutcome;
    room: string | null;
    tried: { room: string; answer: string }[];
    error?: string;
  }>;
}

export type WishAnswer = { ok: true; position: number } | { ok: false; reason: WishRejection };

export class ActPlace {
  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date,
  ) {}

  add(wish: Wish, byPk: number, context: CommandContext): Promise<WishAnswer> {
    return this.run(wish.wishId, { type: 'Add', wish, byPk }, context);
  }

  withdraw(wishId: string, byPk: number, context: CommandContext): Promise<WishAnswer> {
    return this.run(wishId, { type: 'Withdraw', byPk }, context);
  }

  async state(wishId: string): Promise<WishState> {
    return (await loadState(this.store, actplaceWishStream(wishId), wishDecider)).state;
  }

  /**
   * Books one pending wish: records the send, asks the host, records what it answered. The request id
   * names the attempt, so a host that sees the same attempt twice books once.
   */
  async book(wishId: string, host: BookingHostPort, context: CommandContext): Promise<WishState> {
    const state = await this.state(wishId);
    if (state.status !== 'pending') return state;
    const requestId = `actplace-${wishId}-${state.attempts + 1}`;
    const sent = await handleCommand(
      this.store,
      actplaceWishStream(wishId),
      wishDecider,
      { type: 'Send', requestId },
      { ...context, commandId: deterministicUuid(`actplace send ${requestId}`) },
      { schema: actplaceEventSchema, deciderIsIdempotent: true },
    );
    if (!sent.ok) return state;
    const answer = await host.book(requestId, state.wish);
    const recorded = await handleCommand(
      this.store,
      actplaceWishStream(wishId),
      wishDecider,
      { type: 'RecordResult', requestId, ...answer },
      { ...context, now: this.now(), commandId: deterministicUuid(`actplace result ${requestId}`) },
      { schema: actplaceEventSchema, deciderIsIdempotent: true },
    );
    return recorded.ok ? recorded.state : state;
  }

  private async run(wishId: string, command: WishCommand, context: CommandContext): Promise<WishAnswer> {
    const result = await handleCommand(
      this.store,
      actplaceWishStream(wishId),
      wishDecider,
      command,
      context,
      {
        schema: actplaceEventSchema,
      },
    );
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }
}
