// Contribution points: kinds, events, status by time, the per-record decider, totals and discounts.

export {
  type ConfirmPoint,
  type Confirmtype,
  type EditPoint,
  MAX_REASON_LENGTH,
  type PointActor,
  type PointCommand,
  type PointFields,
  type PointRecord,
  type PointRejection,
  type PointState,
  pointDecider,
  pointStateStatus,
  pointTimingOf,
  type RequestPoint,
} from './decider.ts';
export {
  type DiscountTerms,
  discountedPriceCents,
  extraDiscountColumns,
  hasPointDiscount,
} from './discount.ts';
export {
  type PointChanges,
  type PointConfirmedData,
  type PointEditedData,
  type PointEffectiveTimeKeptData,
  type PointEvent,
  type PointEventType,
  type PointInvalidatedData,
  type PointRequestedData,
  pointEventSchema,
  pointEventTypes,
  pointStreamName,
} from './events.ts';
export {
  FIRST_POINT_ID,
  POINT_ID_SEQUENCE_STREAM,
  type PointIdAllocatedEvent,
  type PointIdSequenceState,
  pointIdAllocatedSchema,
  pointIdSequenceDecider,
} from './id-sequence.ts';
export {
  findPointKind,
  isPointKindKey,
  type PointKind,
  type PointKindKey,
  pointKind,
  pointKindKeys,
  pointKinds,
} from './kinds.ts';
export {
  MEMBER_REQUEST_DELAY_MS,
  type PointStatus,
  PointStatuses,
  type PointTiming,
  pointEffectiveAt,
  pointExpiresAt,
  pointStatus,
  pointTimes,
  VALIDITY_MONTHS,
} from './status.ts';
export {
  type CountablePoint,
  formatPoints,
  hoursAndMinutes,
  type PointLocale,
  pointsByRecipientHundredths,
  userPointsHundredths,
} from './totals.ts';
export {
  applyPointHundredthsSchema,
  DAILY_LIMIT_HUNDREDTHS,
  HUNDREDTHS_PER_POINT,
  hundredthsToPoints,
  pointsToHundredths,
} from './units.ts';
