// Calendar entry pks from one sequence stream, numbered in the order entries were created. A create that
// is refused after its pk was allocated leaves a gap, as point ids may.
import { z } from 'zod';
import type { Decider } from '../decider.ts';

export const CALENDAR_ID_SEQUENCE_STREAM = 'sequence-calendar-id';

export const calendarIdAllocatedSchema = z.object({
  type: z.literal('CalendarIdAllocated'),
  data: z.object({ pk: z.number().int().positive() }),
});
export type CalendarIdAllocatedEvent = z.infer<typeof calendarIdAllocatedSchema>;

export const calendarIdSequenceDecider: Decider<
  { type: 'AllocateCalendarId' },
  CalendarIdAllocatedEvent,
  { last: number }
> = {
  initialState: () => ({ last: 0 }),
  decide: (_command, state) => [{ type: 'CalendarIdAllocated', data: { pk: state.last + 1 } }],
  evolve: (state, event) => (event.type === 'CalendarIdAllocated' ? { last: event.data.pk } : state),
};
