// The print projects read model (PrintAssistant's list, GET /print/{pk} and its lastlog): every project as
// its decider folds it, by pk. Its pages are the files read model's rows with objname printproject. The
// fold is the decider's own `evolve` (core/src/print/decider.ts): when that changes meaning, bump
// PROJECTIONS_VERSION, since the snapshot fingerprint only sees this file.
import type { RecordedEvent } from '@club/core/eventstore/port';
import { type PrintProject, printProjectDecider, type PrintState } from '@club/core/print/decider';
import { PRINT_EVENT_TYPES, type PrintEvent } from '@club/core/print/events';
import type { Projection } from './runner.ts';

export interface PrintModel {
  projects: Map<number, PrintProject>;
}

export const printProjection: Projection<PrintModel> = {
  handles: PRINT_EVENT_TYPES,
  initial: () => ({ projects: new Map() }),
  evolve(model, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as PrintEvent;
    const pk = event.data.pk;
    const current = model.projects.get(pk);
    const before: PrintState = current ? { status: 'active', project: current } : { status: 'none' };
    const after = printProjectDecider.evolve(before, event);
    if (after.status === 'active') model.projects.set(pk, after.project);
    return model;
  },
};
