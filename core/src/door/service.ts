// The door application service: records the attempt, asks the door through a port (the API adapts the
// device link to it), and records the outcome. Core knows nothing of Redis or queues.
import { type CommandContext, handleCommand, type StateCache } from '../commands.ts';
import { deterministicUuid } from '../ids.ts';
import type { EventStore } from '../eventstore/port.ts';
import {
  type DoorAttempt,
  type DoorOutcome,
  type DoorRejection,
  type DoorState,
  doorDecider,
} from './decider.ts';
import { type DoorCause, type DoorResult, doorEventSchema, doorOpenStream } from './events.ts';

/** The door as the service sees it: asked to open for a request, it answers what happened. */
export interface DoorDevicePort {
  open(requestId: string): Promise<{ outcome: DoorOutcome; error?: string }>;
}

export type DoorOpenAnswer =
  | { ok: true; result: DoorResult; cause: DoorCause; position: number }
  | { ok: false; reason: DoorRejection };

/** Separate command ids for the two steps, so their event ids (derived from them) never collide. */
const stepContext = (context: CommandContext, step: string, requestId: string): CommandContext => ({
  ...context,
  commandId: deterministicUuid(`door ${step} ${requestId}`),
});

export class Door {
  constructor(
    private readonly store: EventStore,
    /** The clock the outcome is recorded at (the portal's, which tests move). */
    private readonly now: () => Date,
    private readonly cache?: StateCache,
  ) {}

  /**
   * Opens the door for one attempt. The same request id again (a retry) answers the first attempt's result
   * without opening twice; a request still waiting on the door asks the same device job again.
   */
  async open(attempt: DoorAttempt, device: DoorDevicePort, context: CommandContext): Promise<DoorOpenAnswer> {
    const requested = await handleCommand(
      this.store,
      doorOpenStream(attempt.requestId),
      doorDecider,
      { type: 'RequestOpen', attempt },
      stepContext(context, 'request', attempt.requestId),
      { cache: this.cache, schema: doorEventSchema, deciderIsIdempotent: true },
    );
    if (!requested.ok) return { ok: false, reason: requested.rejection.rejected };
    if (requested.state.status === 'finished') return answerOf(requested.state, requested.position);
    const answer = await device.open(attempt.requestId);
    return this.recordOutcome(attempt.requestId, answer.outcome, answer.error, {
      ...context,
      now: this.now(),
    });
  }

  /**
   * Records what the door host reported for a request (from the open call, or later from the device
   * link's outcome reports). Only the first outcome counts, apart from a late opening after 'unreachable'.
   */
  async recordOutcome(
    requestId: string,
    outcome: DoorOutcome,
    error: string | undefined,
    context: CommandContext,
  ): Promise<DoorOpenAnswer> {
    const recorded = await handleCommand(
      this.store,
      doorOpenStream(requestId),
      doorDecider,
      { type: 'RecordOutcome', requestId, outcome, ...(error ? { error } : {}) },
      stepContext(context, `outcome ${outcome}`, requestId),
      { cache: this.cache, schema: doorEventSchema, deciderIsIdempotent: true },
    );
    if (!recorded.ok) return { ok: false, reason: recorded.rejection.rejected };
    if (recorded.state.status !== 'finished') throw new Error(`door request ${requestId} did not finish`);
    return answerOf(recorded.state, recorded.position);
  }
}

function answerOf(state: Extract<DoorState, { status: 'finished' }>, position: number): DoorOpenAnswer {
  return { ok: true, result: state.result, cause: state.cause, position };
}
