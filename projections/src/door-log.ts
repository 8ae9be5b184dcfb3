// The opendoor log read model (document 3: AdminSystemStatus opendoor log; document 1: the door page's
// loglist). One row per attempt, newest last, filled in as the attempt finishes; `pending` lists the
// attempts whose door outcome is not recorded yet, which the API reconciles after a restart.
import { DOOR_EVENT_TYPES, type DoorCause, type DoorEvent, type DoorResult } from '@club/core/door/events';
import type { Projection } from './runner.ts';

export interface DoorLogRow {
  /** The global position of the attempt's first event. */
  pk: number;
  requestId: string;
  userPk: number;
  simple: boolean;
  /** When the person pressed the button. */
  timestamp: string;
  /** 1 ok, 0 cannot connect, 2 outside hours; null while the door has not answered. */
  result: DoorResult | null;
  cause: DoorCause | null;
  finishedAt: string | null;
}

export interface DoorLogModel {
  rows: DoorLogRow[];
  /** Index in `rows` by request id. */
  byRequestId: Map<string, number>;
  pending: Set<string>;
}

export const doorLogProjection: Projection<DoorLogModel> = {
  handles: DOOR_EVENT_TYPES,
  initial: () => ({ rows: [], byRequestId: new Map(), pending: new Set() }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data } as DoorEvent;
    const { requestId } = event.data;
    let index = model.byRequestId.get(requestId);
    if (index === undefined) {
      index = model.rows.length;
      model.byRequestId.set(requestId, index);
      model.rows.push({
        pk: recorded.position,
        requestId,
        userPk: event.data.userPk,
        simple: event.data.simple,
        timestamp: recorded.metadata.time,
        result: null,
        cause: null,
        finishedAt: null,
      });
    }
    const row = model.rows[index]!;
    if (event.type === 'DoorOpenRequested') model.pending.add(requestId);
    else {
      row.result = event.data.result;
      row.cause = event.data.cause;
      row.finishedAt = event.data.finishedAt;
      model.pending.delete(requestId);
    }
    return model;
  },
};
