// Given/when/then for deciders (test helper): given these events, when this command at this time, then
// these events (each checked against the event schema) or this rejection.
import { expect } from 'vitest';
import type { ZodType } from 'zod';
import { type Decider, type DomainEvent, fold, isRejection } from '../decider.ts';

export function deciderSpec<Command, Event extends DomainEvent, State, Reason extends string>(
  decider: Decider<Command, Event, State, Reason>,
  schema: ZodType,
  defaultNow: Date,
) {
  return {
    given(events: readonly Event[]) {
      for (const event of events) schema.parse(event);
      const state = fold(decider, events);
      return {
        state,
        when(command: Command, now: Date = defaultNow) {
          const decision = decider.decide(command, state, now);
          return {
            decision,
            thenEvents(expected: readonly Event[]) {
              expect(isRejection(decision)).toBe(false);
              expect(decision).toEqual(expected);
              for (const event of expected) schema.parse(event);
            },
            thenRejected(reason: Reason, detail?: Record<string, unknown>) {
              expect(decision).toEqual(detail ? { rejected: reason, detail } : { rejected: reason });
            },
          };
        },
      };
    },
  };
}
