// Read models of the darkroom's chemicals and dispenser (document 3: AdminChemical2 and its log,
// AdminDispenserLog and its detail; docs/darkroom-devices.md). Chemicals by pk with their log rows; dispenser
// runs in request order with their results, and the runs whose chemical uses are still to be recorded.
import { type ChemicalEvent, CHEMICAL_EVENT_TYPES } from '@club/core/chemicals/events';
import { mlToBottles, needsReplenish } from '@club/core/chemicals/rules';
import {
  DISPENSE_EVENT_TYPES,
  type DispenseEvent,
  type DispenseFinished,
  type DispenseRequested,
  type DispenseStatus,
} from '@club/core/dispenser/events';
import type { Projection } from './runner.ts';

export interface ChemicalLogRow {
  pk: number;
  timestamp: string;
  userPk: number | null;
  operation: 1 | 2 | 3;
  diffvolume: number;
  recyclevolume: number;
  newvolume: number;
  comment: string;
}

export interface ChemicalRow {
  pk: number;
  name: string;
  bottle2ml: number;
  needRecycle: boolean;
  replenishBelowMl: number;
  /** Millilitres in stock. */
  volume: number;
  accurecyclevolume: number;
  log: ChemicalLogRow[];
  /** Dispenser ingredient uses recorded (`{dispenseId}/{index}`). */
  dispenseUses: Set<string>;
}

export interface DispenseRow {
  /** The global position of the request (the spec's pk). */
  pk: number;
  dispenseId: string;
  timestamp: string;
  run: DispenseRequested['data'];
  status: DispenseStatus;
  startedAt: string | null;
  finished: DispenseFinished['data'] | null;
}

export interface DarkroomDevicesModel {
  chemicals: Map<number, ChemicalRow>;
  dispenses: DispenseRow[];
  dispenseByPk: Map<number, DispenseRow>;
  dispenseById: Map<string, DispenseRow>;
  /** Runs not finished yet: the API settles them with the device link after a restart. */
  pendingDispenses: Set<string>;
}

export const chemicalBottles = (row: ChemicalRow): number => mlToBottles(row.volume, row.bottle2ml);
export const chemicalNeedsReplenish = (row: ChemicalRow): boolean =>
  needsReplenish(row.volume, row.replenishBelowMl);

export const darkroomDevicesProjection: Projection<DarkroomDevicesModel> = {
  handles: new Set([...CHEMICAL_EVENT_TYPES, ...DISPENSE_EVENT_TYPES]),
  initial: () => ({
    chemicals: new Map(),
    dispenses: [],
    dispenseByPk: new Map(),
    dispenseById: new Map(),
    pendingDispenses: new Set(),
  }),
  evolve(model, recorded) {
    if (CHEMICAL_EVENT_TYPES.has(recorded.type)) {
      const event = { type: recorded.type, data: recorded.data } as ChemicalEvent;
      if (event.type === 'ChemicalDefined') {
        model.chemicals.set(event.data.pk, {
          ...event.data,
          volume: 0,
          accurecyclevolume: 0,
          log: [],
          dispenseUses: new Set(),
        });
        return model;
      }
      const row = model.chemicals.get(event.data.pk);
      if (!row) return model;
      row.volume = event.data.newvolume;
      row.accurecyclevolume += event.data.recyclevolume;
      if (event.data.dispenseId) row.dispenseUses.add(event.data.dispenseId);
      row.log.push({
        pk: recorded.position,
        timestamp: recorded.metadata.time,
        userPk: event.data.userPk,
        operation: event.data.operation,
        diffvolume: event.data.diffvolume,
        recyclevolume: event.data.recyclevolume,
        newvolume: event.data.newvolume,
        comment: event.data.comment,
      });
      return model;
    }
    const event = { type: recorded.type, data: recorded.data } as DispenseEvent;
    if (event.type === 'DispenseRequested') {
      if (model.dispenseById.has(event.data.dispenseId)) return model;
      const row: DispenseRow = {
        pk: recorded.position,
        dispenseId: event.data.dispenseId,
        timestamp: event.data.requestedAt,
        run: event.data,
        status: 'init',
        startedAt: null,
        finished: null,
      };
      model.dispenses.push(row);
      model.dispenseByPk.set(row.pk, row);
      model.dispenseById.set(row.dispenseId, row);
      model.pendingDispenses.add(row.dispenseId);
      return model;
    }
    const row = model.dispenseById.get(event.data.dispenseId);
    if (!row) return model;
    if (event.type === 'DispenseStarted') {
      if (row.status === 'init') row.status = 'dispense';
      row.startedAt = event.data.startedAt;
    } else {
      row.status = event.data.status;
      row.finished = event.data;
      model.pendingDispenses.delete(row.dispenseId);
    }
    return model;
  },
};

/** Seconds a run took (the spec's timeelasped): from its start (or request) to its end; null while running. */
export function dispenseElapsedSeconds(row: DispenseRow): number | null {
  if (!row.finished) return null;
  const from = Date.parse(row.startedAt ?? row.timestamp);
  return Math.max(0, Math.round((Date.parse(row.finished.finishedAt) - from) / 1000));
}
