// Rosters and authority grants as read models, folded with the access deciders' own evolve functions so
// the read side can never disagree with what commands decide against.
import type { GrantEvent, StaffRosterEvent, WorkshopRosterEvent } from '@club/core/access/events';
import { type GrantsState, grantsDecider } from '@club/core/access/grants';
import { type StaffRosterState, staffRosterDecider } from '@club/core/access/staff-roster';
import { type WorkshopRosterState, workshopRosterDecider } from '@club/core/access/workshop-roster';
import type { Projection } from './runner.ts';

export interface AccessModel {
  staffBySemester: Map<string, StaffRosterState>;
  workshopsBySemester: Map<string, WorkshopRosterState>;
  grants: GrantsState;
}

const STAFF_EVENTS = new Set(['StaffAdded', 'StaffRemoved']);
const WORKSHOP_EVENTS = new Set([
  'WorkshopEntryAdded',
  'WorkshopEntryRemoved',
  'WorkshopDepositLinked',
  'WorkshopDepositUnlinked',
]);
const GRANT_EVENTS = new Set(['AuthorityGranted', 'AuthorityRevoked']);

export const accessProjection: Projection<AccessModel> = {
  handles: new Set([...STAFF_EVENTS, ...WORKSHOP_EVENTS, ...GRANT_EVENTS]),
  initial: () => ({
    staffBySemester: new Map(),
    workshopsBySemester: new Map(),
    grants: grantsDecider.initialState(),
  }),
  evolve(model, recorded) {
    if (STAFF_EVENTS.has(recorded.type)) {
      const event = { type: recorded.type, data: recorded.data } as StaffRosterEvent;
      const semester = event.data.semester;
      const state = model.staffBySemester.get(semester) ?? staffRosterDecider.initialState();
      model.staffBySemester.set(semester, staffRosterDecider.evolve(state, event));
    } else if (WORKSHOP_EVENTS.has(recorded.type)) {
      const event = { type: recorded.type, data: recorded.data } as WorkshopRosterEvent;
      const semester = event.data.semester;
      const state = model.workshopsBySemester.get(semester) ?? workshopRosterDecider.initialState();
      model.workshopsBySemester.set(semester, workshopRosterDecider.evolve(state, event));
    } else {
      model.grants = grantsDecider.evolve(model.grants, {
        type: recorded.type,
        data: recorded.data,
      } as GrantEvent);
    }
    return model;
  },
};
