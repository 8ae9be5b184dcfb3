// The workshop read model (WorkshopForm, AdminWorkshopResult, the upload checks of workshopform photos):
// timeschedules and forms as the workshop decider folds them. The fold is the decider's own `evolve`
// (core/src/workshop/decider.ts): when that changes meaning, bump PROJECTIONS_VERSION.
import type { RecordedEvent } from '@club/core/eventstore/port';
import { workshopDecider, type WorkshopState } from '@club/core/workshop/decider';
import { WORKSHOP_EVENT_TYPES, type WorkshopEvent } from '@club/core/workshop/events';
import type { Projection } from './runner.ts';

export interface WorkshopModel {
  state: WorkshopState;
}

export const workshopProjection: Projection<WorkshopModel> = {
  handles: new Set(WORKSHOP_EVENT_TYPES),
  initial: () => ({ state: workshopDecider.initialState() }),
  evolve(model, recorded: RecordedEvent) {
    model.state = workshopDecider.evolve(model.state, {
      type: recorded.type,
      data: recorded.data,
    } as WorkshopEvent);
    return model;
  },
};
