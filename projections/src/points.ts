// The points read model: every point record by id, with indexes by recipient and by applicant. Status is
// never stored: it is computed from a record's times and `now` when asked (`pointStatus`), so no job has
// to move records from 'not yet effective' to 'valid' to 'expired' and every read agrees at any moment.
import type { PointEvent } from '@club/core/points/events';
import type { PointKindKey } from '@club/core/points/kinds';
import { type PointStatus, pointStatus, pointTimes } from '@club/core/points/status';
import { userPointsHundredths } from '@club/core/points/totals';
import type { RecordedEvent } from '@club/core/eventstore/port';
import type { Projection } from './runner.ts';

/** One point record as the log leaves it (shown as PT-{pk}). Amounts in hundredths, instants ISO UTC. */
export interface PointRow {
  pk: number;
  /** The day of the work, YYYY-MM-DD. */
  workdate: string;
  /** Who filled in the request (the spec's `user`). */
  applicantPk: number;
  /** Who gets the points (the spec's `receiveuser`). */
  recipientPk: number;
  kind: PointKindKey;
  reason: string;
  amountHundredths: number;
  requestedAt: string;
  /** From this instant the points count (the spec's confirmtime). */
  effectiveAt: string;
  /** From this instant they no longer count; always `pointExpiresAt(effectiveAt)`. */
  expiresAt: string;
  /** Set invalid by the point authority (status 0) and not set valid since. */
  invalidated: boolean;
  /** The last edit of the form's fields, or null if never edited. */
  lastEditedAt: string | null;
  /** The last review by the point authority (set, valid or invalid), or null if never reviewed. */
  reviewedAt: string | null;
  reviewerPk: number | null;
}

export interface PointsModel {
  byPk: Map<number, PointRow>;
  /** Record ids by recipient. */
  byRecipient: Map<number, Set<number>>;
  /** Record ids by applicant. */
  byApplicant: Map<number, Set<number>>;
}

const POINT_EVENTS = new Set<string>([
  'PointRequested',
  'PointEdited',
  'PointConfirmed',
  'PointEffectiveTimeKept',
  'PointInvalidated',
]);

const addToIndex = (index: Map<number, Set<number>>, key: number, pk: number): void => {
  const set = index.get(key);
  if (set) set.add(pk);
  else index.set(key, new Set([pk]));
};

const removeFromIndex = (index: Map<number, Set<number>>, key: number, pk: number): void => {
  const set = index.get(key);
  if (!set) return;
  set.delete(pk);
  if (set.size === 0) index.delete(key);
};

/** The row an event after the request applies to; a missing one means the log is broken. */
const existingRow = (model: PointsModel, pointId: number, type: string): PointRow => {
  const row = model.byPk.get(pointId);
  if (!row) throw new Error(`${type} for point ${pointId} before its request`);
  return row;
};

export const pointsProjection: Projection<PointsModel> = {
  handles: POINT_EVENTS,
  initial: () => ({ byPk: new Map(), byRecipient: new Map(), byApplicant: new Map() }),
  evolve(model, recorded: RecordedEvent) {
    // The same transitions as pointDecider.evolve (core/src/points/decider.ts); points.test.ts checks
    // that the two agree for any sequence of commands.
    const event = { type: recorded.type, data: recorded.data } as PointEvent;
    switch (event.type) {
      case 'PointRequested': {
        const { data } = event;
        model.byPk.set(data.pointId, {
          pk: data.pointId,
          workdate: data.workdate,
          applicantPk: data.applicantPk,
          recipientPk: data.recipientPk,
          kind: data.kind,
          reason: data.reason,
          amountHundredths: data.amountHundredths,
          requestedAt: data.requestedAt,
          ...pointTimes(new Date(data.effectiveAt)),
          invalidated: false,
          lastEditedAt: null,
          reviewedAt: null,
          reviewerPk: null,
        });
        addToIndex(model.byRecipient, data.recipientPk, data.pointId);
        addToIndex(model.byApplicant, data.applicantPk, data.pointId);
        return model;
      }
      case 'PointEdited': {
        const row = existingRow(model, event.data.pointId, event.type);
        const { changes } = event.data;
        if (changes.recipientPk !== undefined && changes.recipientPk !== row.recipientPk) {
          removeFromIndex(model.byRecipient, row.recipientPk, row.pk);
          addToIndex(model.byRecipient, changes.recipientPk, row.pk);
        }
        Object.assign(row, changes);
        row.lastEditedAt = event.data.editedAt;
        return model;
      }
      case 'PointConfirmed': {
        const row = existingRow(model, event.data.pointId, event.type);
        Object.assign(row, pointTimes(new Date(event.data.effectiveAt)));
        row.invalidated = false;
        row.reviewedAt = event.data.confirmedAt;
        row.reviewerPk = event.data.confirmerPk;
        return model;
      }
      case 'PointEffectiveTimeKept': {
        const row = existingRow(model, event.data.pointId, event.type);
        row.reviewedAt = event.data.confirmedAt;
        row.reviewerPk = event.data.confirmerPk;
        return model;
      }
      case 'PointInvalidated': {
        const row = existingRow(model, event.data.pointId, event.type);
        row.invalidated = true;
        row.reviewedAt = event.data.invalidatedAt;
        row.reviewerPk = event.data.confirmerPk;
        return model;
      }
      default:
        return model;
    }
  },
};

/** The record's status at `now`: 0 review failed, 1 not yet effective, 2 valid, 3 expired. */
export const pointRowStatus = (row: PointRow, now: Date): PointStatus => pointStatus(row, now);

const rowsOf = (model: PointsModel, pks: Set<number> | undefined): PointRow[] => {
  const rows: PointRow[] = [];
  for (const pk of pks ?? []) {
    const row = model.byPk.get(pk);
    if (row) rows.push(row);
  }
  return rows;
};

/** The records a user receives, newest request first. */
export const pointsReceivedBy = (model: PointsModel, userPk: number): PointRow[] =>
  rowsOf(model, model.byRecipient.get(userPk)).sort((a, b) => b.pk - a.pk);

/** The records a user applied for on behalf of someone else, newest request first. */
export const pointsAppliedForOthersBy = (model: PointsModel, userPk: number): PointRow[] =>
  rowsOf(model, model.byApplicant.get(userPk))
    .filter((row) => row.recipientPk !== userPk)
    .sort((a, b) => b.pk - a.pk);

/** Every record, newest request first. */
export const allPoints = (model: PointsModel): PointRow[] =>
  [...model.byPk.values()].sort((a, b) => b.pk - a.pk);

/** A user's points at `now` in hundredths: the sum of their records that are valid (status 2) then. */
export const userPointsAt = (model: PointsModel, userPk: number, now: Date): number =>
  userPointsHundredths(rowsOf(model, model.byRecipient.get(userPk)), userPk, now);

/**
 * What counts against the daily limit besides one record: the sum of the recipient's records with this
 * work date that are not invalidated (whatever their status by time), leaving out `exceptPk`.
 */
export const otherPointsSameDayHundredths = (
  model: PointsModel,
  recipientPk: number,
  workdate: string,
  exceptPk: number,
): number => {
  let total = 0;
  for (const row of rowsOf(model, model.byRecipient.get(recipientPk))) {
    if (row.pk !== exceptPk && row.workdate === workdate && !row.invalidated) total += row.amountHundredths;
  }
  return total;
};
