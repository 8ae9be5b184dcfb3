// The points application service: allocates record ids, looks up the day's other points for the daily
// limit, and runs the point decider against the store.
//
// The daily limit spans records (one recipient, one work date, many streams), so no single stream's
// expected revision can guard it. Point writes therefore take turns in this process, and each write
// waits until the read model has applied it before the next one reads the day's total. The portal runs
// one API process over its store, so this makes the limit exact; a second writer process would need the
// limit to move into a per-recipient-and-date stream.
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import { type Decider, isRejection, type Rejection } from '../decider.ts';
import type { EventStore } from '../eventstore/port.ts';
import {
  type Confirmtype,
  type PointActor,
  type PointCommand,
  type PointFields,
  type PointRejection,
  type PointState,
  pointDecider,
} from './decider.ts';
import { type PointEvent, pointEventSchema, pointStreamName } from './events.ts';
import {
  POINT_ID_SEQUENCE_STREAM,
  type PointIdAllocatedEvent,
  pointIdAllocatedSchema,
  pointIdSequenceDecider,
} from './id-sequence.ts';

/** What the service reads from the points read model. */
export interface PointDayTotals {
  /**
   * The sum of the recipient's records with this work date that are not invalidated, leaving out the
   * record `exceptPointId` (see the daily limit in decider.ts), in hundredths.
   */
  otherPointsSameDayHundredths(recipientPk: number, workdate: string, exceptPointId: number): number;
  /** Resolves once the read model has applied the event at `position`. */
  caughtUp(position: number): Promise<void>;
}

export type PointWriteResult =
  | { ok: true; pointId: number; position: number }
  | { ok: false; reason: PointRejection; detail?: Record<string, unknown> };

/** Saving the admin or member form: the edited fields, then optionally the point authority's choice. */
interface SavePoint {
  type: 'SavePoint';
  edit: Extract<PointCommand, { type: 'EditPoint' }> | null;
  confirm: Extract<PointCommand, { type: 'ConfirmPoint' }> | null;
}

/**
 * The form's edit and its confirm choice decided together against one state and appended in one write,
 * so a refused confirm (for example 'keep the set time' on a valid record) leaves the edit unwritten too.
 */
const savePointDecider: Decider<SavePoint, PointEvent, PointState, PointRejection> = {
  initialState: pointDecider.initialState,
  evolve: pointDecider.evolve,
  decide(command, state, now) {
    const events: PointEvent[] = [];
    let current = state;
    for (const step of [command.edit, command.confirm]) {
      if (step === null) continue;
      const decision = pointDecider.decide(step, current, now);
      if (isRejection(decision)) return decision;
      for (const event of decision) current = pointDecider.evolve(current, event);
      events.push(...decision);
    }
    return events;
  },
};

/** A placeholder id for checking a request before an id is allocated for it. */
const UNALLOCATED_POINT_ID = Number.MAX_SAFE_INTEGER;

const refusal = (rejection: Rejection<PointRejection>): PointWriteResult =>
  rejection.detail
    ? { ok: false, reason: rejection.rejected, detail: rejection.detail }
    : { ok: false, reason: rejection.rejected };

const isUserPk = (value: number | null): value is number =>
  value !== null && Number.isSafeInteger(value) && value > 0;

export class Points {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly totals: PointDayTotals,
    private readonly cache?: StateCache,
  ) {}

  /**
   * A new point record. With `context.commandId`, a retry gets the id the first attempt allocated and
   * answers as that attempt did (the decider treats the same request on the same id as a no-op, and a
   * different one as `mismatch`).
   */
  request(input: PointActor & PointFields, context: CommandContext): Promise<PointWriteResult> {
    return this.inTurn(async () => {
      // Refusals that do not depend on other records (format, forbidden, over 10 in one request) are
      // found before an id is allocated, so they leave no gap in the PT numbers.
      const early = pointDecider.decide(
        { type: 'RequestPoint', ...input, pointId: UNALLOCATED_POINT_ID, otherPointsSameDayHundredths: 0 },
        pointDecider.initialState(),
        context.now,
      );
      if (isRejection(early)) return refusal(early);

      const allocated = await handleCommand(
        this.store,
        POINT_ID_SEQUENCE_STREAM,
        pointIdSequenceDecider,
        { type: 'AllocatePointId' },
        context,
        { cache: this.cache, schema: pointIdAllocatedSchema },
      );
      // A replayed allocation reports the events it first wrote: the id the first attempt got.
      const pointId = allocated.ok
        ? (allocated.events[0] as PointIdAllocatedEvent | undefined)?.data.pointId
        : undefined;
      if (pointId === undefined) throw new Error('point id allocation wrote no id');

      const otherPointsSameDayHundredths = isUserPk(input.recipientPk)
        ? this.totals.otherPointsSameDayHundredths(input.recipientPk, input.workdate, pointId)
        : 0;
      // The record stream's own idempotency is the decider's (same id, same content), so the record's
      // command is not given the caller's key: a retry is decided again, and a changed body is `mismatch`.
      const { commandId: _commandId, ...recordContext } = context;
      const result = await handleCommand(
        this.store,
        pointStreamName(pointId),
        pointDecider,
        { type: 'RequestPoint', ...input, pointId, otherPointsSameDayHundredths },
        recordContext,
        { cache: this.cache, schema: pointEventSchema },
      );
      if (!result.ok) return refusal(result.rejection);
      await this.totals.caughtUp(result.position);
      return { ok: true, pointId, position: result.position };
    });
  }

  /**
   * Saves an existing record: `fields` (the whole form; unchanged fields are not recorded) and then the
   * point authority's `confirmtype`, either of which may be null. Both are decided before anything is
   * written. With `context.commandId`, a retry returns the first attempt's result.
   */
  save(
    input: {
      pointId: number;
      actor: PointActor;
      fields: PointFields | null;
      confirmtype: Confirmtype | null;
    },
    context: CommandContext,
  ): Promise<PointWriteResult> {
    return this.inTurn(async () => {
      const { pointId, actor, fields, confirmtype } = input;
      const stream = pointStreamName(pointId);
      const { state } = await loadState(this.store, stream, pointDecider, this.cache);
      if (state.status === 'absent') return { ok: false, reason: 'notfound' };
      // The day the record will count on after the save.
      const recipientPk =
        fields && isUserPk(fields.recipientPk) ? fields.recipientPk : state.record.recipientPk;
      const workdate = fields ? fields.workdate : state.record.workdate;
      const otherPointsSameDayHundredths = this.totals.otherPointsSameDayHundredths(
        recipientPk,
        workdate,
        pointId,
      );
      const result = await handleCommand(
        this.store,
        stream,
        savePointDecider,
        {
          type: 'SavePoint',
          edit: fields
            ? { type: 'EditPoint', ...actor, ...fields, pointId, otherPointsSameDayHundredths }
            : null,
          confirm: confirmtype
            ? { type: 'ConfirmPoint', ...actor, pointId, confirmtype, otherPointsSameDayHundredths }
            : null,
        },
        context,
        { cache: this.cache, schema: pointEventSchema },
      );
      if (!result.ok) return refusal(result.rejection);
      await this.totals.caughtUp(result.position);
      return { ok: true, pointId, position: result.position };
    });
  }

  /** Point writes take turns (see the header comment); a failed write does not block the next one. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const current = this.turn.then(work, work);
    this.turn = current.catch(() => undefined);
    return current;
  }
}
