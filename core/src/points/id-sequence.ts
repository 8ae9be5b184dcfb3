// Allocation of point record ids from one sequence stream, so records are numbered PT-1, PT-2, ... in the
// order they were requested. An id whose request is then refused (format, daily limit, ...) stays
// unused: ids may have gaps, as user pks do.
import { z } from 'zod';
import type { Decider } from '../decider.ts';

/** The stream that hands out point record ids. */
export const POINT_ID_SEQUENCE_STREAM = 'sequence-point-id';

/** The first point record id. */
export const FIRST_POINT_ID = 1;

export const pointIdAllocatedSchema = z.object({
  type: z.literal('PointIdAllocated'),
  data: z.object({ pointId: z.number().int().positive() }),
});
export type PointIdAllocatedEvent = z.infer<typeof pointIdAllocatedSchema>;

export interface PointIdSequenceState {
  /** The last id handed out (FIRST_POINT_ID - 1 before the first). */
  last: number;
}

export const pointIdSequenceDecider: Decider<
  { type: 'AllocatePointId' },
  PointIdAllocatedEvent,
  PointIdSequenceState
> = {
  initialState: () => ({ last: FIRST_POINT_ID - 1 }),
  decide: (_command, state) => [{ type: 'PointIdAllocated', data: { pointId: state.last + 1 } }],
  evolve: (state, event) => (event.type === 'PointIdAllocated' ? { last: event.data.pointId } : state),
};
