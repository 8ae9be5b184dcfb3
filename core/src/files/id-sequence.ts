// File pks come from one sequence stream, so records are numbered 1, 2, ... in upload order. A pk whose
// upload is then refused stays unused (gaps, as with user pks and point records).
import { z } from 'zod';
import type { Decider } from '../decider.ts';

export const fileIdAllocatedSchema = z.object({
  type: z.literal('FileIdsAllocated'),
  data: z.object({ first: z.number().int().positive(), count: z.number().int().positive() }),
});
export type FileIdsAllocatedEvent = z.infer<typeof fileIdAllocatedSchema>;

/** Allocates `count` consecutive pks at once (one append for a multi-file upload). */
export const fileIdSequenceDecider: Decider<
  { type: 'AllocateFileIds'; count: number },
  FileIdsAllocatedEvent,
  { last: number }
> = {
  initialState: () => ({ last: 0 }),
  decide: (command, state) => [
    { type: 'FileIdsAllocated', data: { first: state.last + 1, count: command.count } },
  ],
  evolve: (state, event) =>
    event.type === 'FileIdsAllocated' ? { last: event.data.first + event.data.count - 1 } : state,
};
