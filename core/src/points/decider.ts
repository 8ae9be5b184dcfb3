// The decider for one point record (stream `point-{pointId}`): a member or staff member requests
// points, the requester, recipient or point authority edits the request, and the point authority
// confirms it ('keep the set effective time', 'set valid') or sets it invalid.
//
// Looked-up facts arrive on the command: who acts and with which flags, and
// `otherPointsSameDayHundredths`, the sum of the recipient's other records with the same work date
// that are not invalidated (whatever their status by time, since expiry does not undo a day's work).
// The caller computes it for the recipient and work date the record will have after the command,
// excluding this record itself.

import { assertNever, type Decider, type Rejection, reject } from '../decider.ts';
import type { PointChanges, PointEvent, PointRequestedData } from './events.ts';
import { isPointKindKey, type PointKindKey } from './kinds.ts';
import {
  type PointStatus,
  PointStatuses,
  type PointTiming,
  pointEffectiveAt,
  pointStatus,
  pointTimes,
} from './status.ts';
import { DAILY_LIMIT_HUNDREDTHS } from './units.ts';

/**
 * Reason codes a point command can be refused with:
 * - format: applypoint not a positive amount, or reason, recipient, kind or work date missing or malformed;
 * - daily_limit: more than 10 points in the request, or for the recipient on that work date;
 * - forbidden: the actor may not do this (not the point authority; not a party; giving to another user
 *   without being staff; a party editing a record that is no longer pending);
 * - expired: the record has expired and can no longer be edited or confirmed;
 * - notpending: 'keep the set effective time' on a record that is not pending (status 1);
 * - notfound: edit or confirm of a record that was never requested;
 * - mismatch: a request reusing an existing record's id with different content.
 */
export type PointRejection =
  | 'format'
  | 'daily_limit'
  | 'forbidden'
  | 'expired'
  | 'notpending'
  | 'notfound'
  | 'mismatch';

/** The longest reason accepted, in characters (code points; a paragraph, shown in one cell of the log). */
export const MAX_REASON_LENGTH = 1000;

/** Who acts, as the session knows them. */
export interface PointActor {
  actorPk: number;
  /** The staff flag (valid only for members; the caller decides). Staff may give points to any user. */
  actorIsStaff: boolean;
  /** Holds the 'point' authority: may edit any record until it expires, confirm and invalidate. */
  actorHasPointAuthority: boolean;
}

/** The form's fields as received: unvalidated, so that the decider can answer `format`. */
export interface PointFields {
  /** The day of the work, YYYY-MM-DD. */
  workdate: string;
  /** Null when no recipient was chosen. */
  recipientPk: number | null;
  /** A point kind key (kinds.ts); the API maps Chinese names to keys with `findPointKind`. */
  kind: string;
  /** Trimmed before it is checked and stored. */
  reason: string;
  /** The applypoint value in hundredths (units.ts converts the API's decimal). */
  amountHundredths: number;
}

export interface RequestPoint extends PointActor, PointFields {
  type: 'RequestPoint';
  /** The new record's id, allocated by the caller; a retry with the same id and content is a no-op. */
  pointId: number;
  otherPointsSameDayHundredths: number;
}

/** Saves the whole form again; only fields that differ from the record are recorded. */
export interface EditPoint extends PointActor, PointFields {
  type: 'EditPoint';
  pointId: number;
  otherPointsSameDayHundredths: number;
}

/** The admin screen's choice: keep the set effective time, set valid now, or set invalid. */
export type Confirmtype = 'set' | 'valid' | 'invalid';

export interface ConfirmPoint extends PointActor {
  type: 'ConfirmPoint';
  pointId: number;
  confirmtype: Confirmtype;
  /** Consulted only when 'valid' brings an invalidated record back into the day's total. */
  otherPointsSameDayHundredths: number;
}

export type PointCommand = RequestPoint | EditPoint | ConfirmPoint;

/** A point record as its events leave it. */
export interface PointRecord {
  pointId: number;
  workdate: string;
  applicantPk: number;
  recipientPk: number;
  kind: PointKindKey;
  reason: string;
  amountHundredths: number;
  requestedAt: string;
  /** The applicant held the 'point' authority when requesting. */
  requestedByPointAuthority: boolean;
  effectiveAt: string;
  /** Always `pointExpiresAt(effectiveAt)`; kept so status needs no date arithmetic. */
  expiresAt: string;
  /** The last review by the point authority (the spec's confirmtime), or null if never reviewed. */
  confirmedAt: string | null;
  confirmerPk: number | null;
  /** The request as first made, to tell a retried request from a reused id. */
  requested: PointRequestedData;
}

export type PointState =
  | { status: 'absent' }
  | { status: 'recorded'; record: PointRecord }
  | { status: 'invalidated'; record: PointRecord; invalidatedAt: string };

/** The timing fields status.ts needs, for a record that exists. */
export const pointTimingOf = (state: Exclude<PointState, { status: 'absent' }>): PointTiming => ({
  invalidated: state.status === 'invalidated',
  effectiveAt: state.record.effectiveAt,
  expiresAt: state.record.expiresAt,
});

/** The record's status at `now`, or null when it does not exist. */
export const pointStateStatus = (state: PointState, now: Date): PointStatus | null =>
  state.status === 'absent' ? null : pointStatus(pointTimingOf(state), now);

interface ValidFields {
  workdate: string;
  recipientPk: number;
  kind: PointKindKey;
  reason: string;
  amountHundredths: number;
}

const workdatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const isCalendarDate = (text: string): boolean => {
  const match = workdatePattern.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const isUserPk = (value: number | null): value is number =>
  value !== null && Number.isSafeInteger(value) && value > 0;

/** The spec's point-request rule: positive applypoint, reason, recipient and kind required. */
const validateFields = (fields: PointFields): ValidFields | Rejection<'format'> => {
  const reason = fields.reason.trim();
  const { workdate, recipientPk, kind, amountHundredths } = fields;
  const amountIsPositive = Number.isSafeInteger(amountHundredths) && amountHundredths > 0;
  if (
    !amountIsPositive ||
    reason.length === 0 ||
    [...reason].length > MAX_REASON_LENGTH ||
    !isUserPk(recipientPk) ||
    !isPointKindKey(kind) ||
    !isCalendarDate(workdate)
  ) {
    return reject('format');
  }
  return { workdate, recipientPk, kind, reason, amountHundredths };
};

const assertAmount = (name: string, hundredths: number): void => {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0) {
    throw new Error(`${name} must be non-negative integer hundredths: ${hundredths}`);
  }
};

/**
 * The daily limit is per recipient per work date, not per request: the spec's message 'daily limit 10
 * points, split multi-day activities' tells members to split by day, which only makes sense if one day
 * of one person cannot hold more than 10 points however many requests carry it. Invalidated records do
 * not count; records of that day count even after they expire.
 */
const checkDailyLimit = (
  amountHundredths: number,
  otherPointsSameDayHundredths: number,
): Rejection<'daily_limit'> | null => {
  if (amountHundredths + otherPointsSameDayHundredths <= DAILY_LIMIT_HUNDREDTHS) return null;
  return reject('daily_limit', {
    limitHundredths: DAILY_LIMIT_HUNDREDTHS,
    otherPointsSameDayHundredths,
    remainingHundredths: Math.max(0, DAILY_LIMIT_HUNDREDTHS - otherPointsSameDayHundredths),
  });
};

/** Choosing a recipient other than yourself is for staff (and the point authority, who edits any record). */
const mayGiveTo = (actor: PointActor, recipientPk: number): boolean =>
  recipientPk === actor.actorPk || actor.actorIsStaff || actor.actorHasPointAuthority;

const sameRequestContent = (requested: PointRequestedData, actorPk: number, fields: ValidFields): boolean =>
  requested.applicantPk === actorPk &&
  requested.recipientPk === fields.recipientPk &&
  requested.workdate === fields.workdate &&
  requested.kind === fields.kind &&
  requested.reason === fields.reason &&
  requested.amountHundredths === fields.amountHundredths;

const decideRequest = (
  command: RequestPoint,
  state: PointState,
  now: Date,
): PointEvent[] | Rejection<PointRejection> => {
  const fields = validateFields(command);
  if ('rejected' in fields) {
    return state.status === 'absent' ? fields : reject('mismatch');
  }
  if (state.status !== 'absent') {
    // A retried request (same id, same content) returns what the first one did: nothing new to record.
    return sameRequestContent(state.record.requested, command.actorPk, fields) ? [] : reject('mismatch');
  }
  if (!mayGiveTo(command, fields.recipientPk)) return reject('forbidden');
  const overLimit = checkDailyLimit(fields.amountHundredths, command.otherPointsSameDayHundredths);
  if (overLimit) return overLimit;
  const byPointAuthority = command.actorHasPointAuthority;
  return [
    {
      type: 'PointRequested',
      data: {
        pointId: command.pointId,
        workdate: fields.workdate,
        applicantPk: command.actorPk,
        recipientPk: fields.recipientPk,
        kind: fields.kind,
        reason: fields.reason,
        amountHundredths: fields.amountHundredths,
        requestedAt: now.toISOString(),
        byPointAuthority,
        effectiveAt: pointEffectiveAt(now, byPointAuthority).toISOString(),
      },
    },
  ];
};

const decideEdit = (
  command: EditPoint,
  state: PointState,
  now: Date,
): PointEvent[] | Rejection<PointRejection> => {
  if (state.status === 'absent') return reject('notfound');
  const { record } = state;
  const status = pointStatus(pointTimingOf(state), now);
  const isParty = command.actorPk === record.applicantPk || command.actorPk === record.recipientPk;
  if (command.actorHasPointAuthority) {
    if (status === PointStatuses.expired) return reject('expired');
  } else if (!isParty) {
    return reject('forbidden');
  } else if (status === PointStatuses.expired) {
    return reject('expired');
  } else if (status !== PointStatuses.pending) {
    return reject('forbidden');
  }

  const fields = validateFields(command);
  if ('rejected' in fields) return fields;

  const changes: PointChanges = {};
  if (fields.workdate !== record.workdate) changes.workdate = fields.workdate;
  if (fields.recipientPk !== record.recipientPk) changes.recipientPk = fields.recipientPk;
  if (fields.kind !== record.kind) changes.kind = fields.kind;
  if (fields.reason !== record.reason) changes.reason = fields.reason;
  if (fields.amountHundredths !== record.amountHundredths) changes.amountHundredths = fields.amountHundredths;
  if (Object.keys(changes).length === 0) return [];

  if (changes.recipientPk !== undefined && !mayGiveTo(command, changes.recipientPk))
    return reject('forbidden');

  // The per-request cap always applies; the day's total only for a record that counts, and only when the
  // edit moves the record's amount, day or recipient (a reason or kind fix never trips the limit).
  const touchesDailyTotal =
    changes.amountHundredths !== undefined ||
    changes.workdate !== undefined ||
    changes.recipientPk !== undefined;
  if (touchesDailyTotal) {
    const othersCounted = state.status === 'recorded' ? command.otherPointsSameDayHundredths : 0;
    const overLimit = checkDailyLimit(fields.amountHundredths, othersCounted);
    if (overLimit) return overLimit;
  }

  return [
    {
      type: 'PointEdited',
      data: {
        pointId: record.pointId,
        changes,
        editorPk: command.actorPk,
        editedAt: now.toISOString(),
        byPointAuthority: command.actorHasPointAuthority,
      },
    },
  ];
};

const decideConfirm = (
  command: ConfirmPoint,
  state: PointState,
  now: Date,
): PointEvent[] | Rejection<PointRejection> => {
  if (state.status === 'absent') return reject('notfound');
  if (!command.actorHasPointAuthority) return reject('forbidden');
  const { record } = state;
  const status = pointStatus(pointTimingOf(state), now);
  if (status === PointStatuses.expired) return reject('expired');
  const nowIso = now.toISOString();
  switch (command.confirmtype) {
    case 'set':
      if (status !== PointStatuses.pending) return reject('notpending');
      return [
        {
          type: 'PointEffectiveTimeKept',
          data: {
            pointId: record.pointId,
            confirmerPk: command.actorPk,
            confirmedAt: nowIso,
            effectiveAt: record.effectiveAt,
          },
        },
      ];
    case 'valid': {
      // Already valid: nothing to do. Moving its effective time to now would lengthen its life, so saving
      // a correction to a valid record with 'set valid' must not renew it.
      if (status === PointStatuses.valid) return [];
      if (status === PointStatuses.invalid) {
        const overLimit = checkDailyLimit(record.amountHundredths, command.otherPointsSameDayHundredths);
        if (overLimit) return overLimit;
      }
      return [
        {
          type: 'PointConfirmed',
          data: {
            pointId: record.pointId,
            confirmerPk: command.actorPk,
            confirmedAt: nowIso,
            effectiveAt: nowIso,
          },
        },
      ];
    }
    case 'invalid':
      if (status === PointStatuses.invalid) return [];
      return [
        {
          type: 'PointInvalidated',
          data: { pointId: record.pointId, confirmerPk: command.actorPk, invalidatedAt: nowIso },
        },
      ];
    default:
      return assertNever(command.confirmtype);
  }
};

const decide = (
  command: PointCommand,
  state: PointState,
  now: Date,
): PointEvent[] | Rejection<PointRejection> => {
  if (state.status !== 'absent' && state.record.pointId !== command.pointId) {
    throw new Error(`command for point ${command.pointId} given the state of point ${state.record.pointId}`);
  }
  assertAmount('otherPointsSameDayHundredths', command.otherPointsSameDayHundredths);
  switch (command.type) {
    case 'RequestPoint':
      return decideRequest(command, state, now);
    case 'EditPoint':
      return decideEdit(command, state, now);
    case 'ConfirmPoint':
      return decideConfirm(command, state, now);
    default:
      return assertNever(command);
  }
};

const withEffectiveAt = (record: PointRecord, effectiveAt: string): PointRecord => ({
  ...record,
  ...pointTimes(new Date(effectiveAt)),
});

const evolve = (state: PointState, event: PointEvent): PointState => {
  if (event.type === 'PointRequested') {
    if (state.status !== 'absent') throw new Error(`point ${event.data.pointId} requested twice`);
    const { data } = event;
    return {
      status: 'recorded',
      record: {
        pointId: data.pointId,
        workdate: data.workdate,
        applicantPk: data.applicantPk,
        recipientPk: data.recipientPk,
        kind: data.kind,
        reason: data.reason,
        amountHundredths: data.amountHundredths,
        requestedAt: data.requestedAt,
        requestedByPointAuthority: data.byPointAuthority,
        ...pointTimes(new Date(data.effectiveAt)),
        confirmedAt: null,
        confirmerPk: null,
        requested: data,
      },
    };
  }
  if (state.status === 'absent' || state.record.pointId !== event.data.pointId) {
    throw new Error(`${event.type} for point ${event.data.pointId} does not follow its request`);
  }
  switch (event.type) {
    case 'PointEdited':
      return { ...state, record: { ...state.record, ...event.data.changes } };
    case 'PointConfirmed':
      return {
        status: 'recorded',
        record: withEffectiveAt(
          { ...state.record, confirmedAt: event.data.confirmedAt, confirmerPk: event.data.confirmerPk },
          event.data.effectiveAt,
        ),
      };
    case 'PointEffectiveTimeKept':
      return {
        ...state,
        record: { ...state.record, confirmedAt: event.data.confirmedAt, confirmerPk: event.data.confirmerPk },
      };
    case 'PointInvalidated':
      return {
        status: 'invalidated',
        record: {
          ...state.record,
          confirmedAt: event.data.invalidatedAt,
          confirmerPk: event.data.confirmerPk,
        },
        invalidatedAt: event.data.invalidatedAt,
      };
    default:
      return state;
  }
};

export const pointDecider: Decider<PointCommand, PointEvent, PointState, PointRejection> = {
  initialState: () => ({ status: 'absent' }),
  decide,
  evolve,
};
