// Allocation of user pks from one sequence stream. Low numbers and 2861 are kept for the club's own
// accounts (film stock is 4, giclee stock 2861, pk 2 is the special developer user), so people start at
// FIRST_PERSON_PK. A pk whose registration is then refused stays unused: pks may have gaps.
import type { Decider } from '../decider.ts';
import type { PkAllocatedEvent } from './events.ts';

export const FIRST_PERSON_PK = 101;
export const RESERVED_PKS: ReadonlySet<number> = new Set([2861]);

export const pkSequenceDecider: Decider<{ type: 'Allocate' }, PkAllocatedEvent, { last: number }> = {
  initialState: () => ({ last: FIRST_PERSON_PK - 1 }),
  decide(_command, state) {
    let pk = state.last + 1;
    while (RESERVED_PKS.has(pk)) pk += 1;
    return [{ type: 'UserPkAllocated', data: { pk } }];
  },
  evolve: (state, event) => (event.type === 'UserPkAllocated' ? { last: event.data.pk } : state),
};
