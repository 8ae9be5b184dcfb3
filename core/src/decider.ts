// The decider pattern (STYLE.md): pure decide/evolve per aggregate. No I/O, no clock, no random ids:
// time arrives as `now`, ids and looked-up facts arrive on the command.

/** A domain event before it is stored: the envelope (ids, metadata) is added by the command handler. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** A business refusal: a closed set of reason codes (the spec's where it has them). */
export interface Rejection<Reason extends string = string> {
  rejected: Reason;
  /** Optional facts for the message (for example the payer's name for 'already'). */
  detail?: Record<string, unknown>;
}

export const reject = <Reason extends string>(
  rejected: Reason,
  detail?: Record<string, unknown>,
): Rejection<Reason> => (detail ? { rejected, detail } : { rejected });

export const isRejection = (value: unknown): value is Rejection =>
  typeof value === 'object' && value !== null && 'rejected' in value;

export interface Decider<Command, Event extends DomainEvent, State, Reason extends string = string> {
  initialState(): State;
  decide(command: Command, state: State, now: Date): Event[] | Rejection<Reason>;
  evolve(state: State, event: Event): State;
}

/** Folds events into a state; used by command handlers and by given/when/then tests. */
export const fold = <Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State => events.reduce((state, event) => decider.evolve(state, event), decider.initialState());

/** Exhaustiveness check at the end of every switch over a union. */
export const assertNever = (value: never): never => {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
};
