// The label print log read model (document 3: label print log; AdminSystemStatus's log pages): one row
// per print asked for, in order, with the image, the sheets, whether it was done and the printer's result.
// A print that never reached the printer (no printer, insufficient balance) is a row too, done false,
// so staff see what members tried. `pending` lists prints still waiting for the printer's outcome (for
// the API's reconciliation at start).
import type { RecordedEvent } from '@club/core/eventstore/port';
import { LABEL_EVENT_TYPES, type LabelEvent } from '@club/core/labels/events';
import type { LabelKind } from '@club/core/labels/rules';
import type { Projection } from './runner.ts';

export interface LabelPrintRow {
  /** The global position of the request. */
  pk: number;
  printId: string;
  timestamp: string;
  userPk: number;
  kind: LabelKind;
  target: string;
  quantity: number;
  chargeCents: number;
  /** Null while the printer has not answered. */
  done: boolean | null;
  /** 'ok', the printer's failure, or why the print never reached it. */
  result: string;
  finishedAt: string | null;
  image: string;
}

export interface LabelPrintLogModel {
  rows: LabelPrintRow[];
  byPrintId: Map<string, LabelPrintRow>;
  pending: Set<string>;
}

export const labelPrintLogProjection: Projection<LabelPrintLogModel> = {
  handles: LABEL_EVENT_TYPES,
  initial: () => ({ rows: [], byPrintId: new Map(), pending: new Set() }),
  evolve(model, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as LabelEvent;
    switch (event.type) {
      case 'LabelPrintRequested': {
        const data = event.data;
        const row: LabelPrintRow = {
          pk: recorded.position,
          printId: data.printId,
          timestamp: recorded.metadata.time,
          userPk: data.userPk,
          kind: data.kind,
          target: data.target,
          quantity: data.quantity,
          chargeCents: data.chargeCents,
          done: null,
          result: '',
          finishedAt: null,
          image: data.image,
        };
        model.rows.push(row);
        model.byPrintId.set(data.printId, row);
        model.pending.add(data.printId);
        return model;
      }
      case 'LabelPrintRefused':
      case 'LabelPrintFinished': {
        const row = model.byPrintId.get(event.data.printId);
        if (!row) return model;
        if (event.type === 'LabelPrintRefused') {
          row.done = false;
          row.result = event.data.reason;
          row.finishedAt = recorded.metadata.time;
        } else {
          row.done = event.data.done;
          row.result = event.data.result;
          row.finishedAt = event.data.finishedAt;
        }
        model.pending.delete(event.data.printId);
        return model;
      }
      default:
        return model;
    }
  },
};

/** Newest first, as the log page shows them. */
export const labelPrintsNewestFirst = (model: LabelPrintLogModel): LabelPrintRow[] =>
  [...model.rows].reverse();
