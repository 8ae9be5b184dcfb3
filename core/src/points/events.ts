// Events of one point record (one stream per record, `point-{pointId}`). Amounts are integer hundredths
// of a point, instants are ISO-8601 UTC strings, work dates are calendar dates (YYYY-MM-DD).
//
// The effective time moves only through these events:
// - PointRequested sets it (at once for a 'point' authority holder, 3 days later for anyone else);
// - PointConfirmed moves it to the moment of confirmation ('set valid');
// - PointEdited never touches it, whoever edits: a member's edit while pending keeps the 3-day wait, and
//   an authority's edit saved with 'keep the set effective time' keeps it too (that choice is recorded
//   as PointEffectiveTimeKept). Only an explicit 'set valid' makes a record effective early.
// Expiry is not stored: it is derived from the effective time by `pointExpiresAt` (status.ts).

import { z } from 'zod';
import { pointKindKeys } from './kinds.ts';

/** The stream holding one point record's events. */
export const pointStreamName = (pointId: number): string => `point-${pointId}`;

const userPk = z.number().int().positive();
const pointId = z.number().int().positive();
const instant = z.iso.datetime();
const workdate = z.iso.date();
const amountHundredths = z.number().int().positive();
const kind = z.enum(pointKindKeys);
const reason = z.string().min(1);

export const pointRequestedData = z.object({
  pointId,
  /** The day the work was done; the daily limit counts per recipient per work date. */
  workdate,
  /** Who filled in the request (the spec's `user`). */
  applicantPk: userPk,
  /** Who gets the points (the spec's `receiveuser`). */
  recipientPk: userPk,
  kind,
  reason,
  amountHundredths,
  requestedAt: instant,
  /** The applicant held the 'point' authority, so the record took effect at once. */
  byPointAuthority: z.boolean(),
  effectiveAt: instant,
});

/** Only the fields that changed are present; an edit that changes nothing is not recorded. */
export const pointChanges = z
  .object({ workdate, recipientPk: userPk, kind, reason, amountHundredths })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'an edit changes at least one field');

export const pointEditedData = z.object({
  pointId,
  changes: pointChanges,
  editorPk: userPk,
  editedAt: instant,
  /** The editor held the 'point' authority (a member may edit only while the record is pending). */
  byPointAuthority: z.boolean(),
});

/** The point authority set the record valid now: it takes effect at `effectiveAt` = `confirmedAt`. */
export const pointConfirmedData = z.object({
  pointId,
  confirmerPk: userPk,
  confirmedAt: instant,
  effectiveAt: instant,
});

/** The point authority confirmed a pending record and kept its set effective time (recorded unchanged). */
export const pointEffectiveTimeKeptData = z.object({
  pointId,
  confirmerPk: userPk,
  confirmedAt: instant,
  effectiveAt: instant,
});

/** The point authority set the record invalid (status 0, review failed); it no longer counts. */
export const pointInvalidatedData = z.object({
  pointId,
  confirmerPk: userPk,
  invalidatedAt: instant,
});

export const pointEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PointRequested'), data: pointRequestedData }),
  z.object({ type: z.literal('PointEdited'), data: pointEditedData }),
  z.object({ type: z.literal('PointConfirmed'), data: pointConfirmedData }),
  z.object({ type: z.literal('PointEffectiveTimeKept'), data: pointEffectiveTimeKeptData }),
  z.object({ type: z.literal('PointInvalidated'), data: pointInvalidatedData }),
]);

export type PointRequestedData = z.infer<typeof pointRequestedData>;
export type PointChanges = z.infer<typeof pointChanges>;
export type PointEditedData = z.infer<typeof pointEditedData>;
export type PointConfirmedData = z.infer<typeof pointConfirmedData>;
export type PointEffectiveTimeKeptData = z.infer<typeof pointEffectiveTimeKeptData>;
export type PointInvalidatedData = z.infer<typeof pointInvalidatedData>;
export type PointEvent = z.infer<typeof pointEventSchema>;
export type PointEventType = PointEvent['type'];

export const pointEventTypes: readonly PointEventType[] = [
  'PointRequested',
  'PointEdited',
  'PointConfirmed',
  'PointEffectiveTimeKept',
  'PointInvalidated',
];
