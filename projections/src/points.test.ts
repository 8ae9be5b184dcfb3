// The points read model against the point decider: for any sequence of requests, edits, confirmations
// and invalidations, the rows the projection keeps agree with the decider's states, and the read
// model's queries (status at any now, a user's total, the day's other points) agree with them too.
import { isRejection } from '@club/core/decider';
import type { RecordedEvent } from '@club/core/eventstore/port';
import {
  type PointCommand,
  type PointState,
  pointDecider,
  pointStateStatus,
} from '@club/core/points/decider';
import { pointKindKeys } from '@club/core/points/kinds';
import { userPointsHundredths } from '@club/core/points/totals';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  otherPointsSameDayHundredths,
  pointRowStatus,
  pointsAppliedForOthersBy,
  pointsProjection,
  pointsReceivedBy,
  userPointsAt,
} from './points.ts';

const MINUTE_MS = 60_000;
const start = Date.parse('2026-01-20T16:00:00.000Z');
const users = [1, 2, 3];
const workdates = ['2026-02-01', '2026-02-02'];
const pointIds = [1, 2, 3, 4, 5, 6];

const actor = fc.record({
  actorPk: fc.constantFrom(...users),
  actorIsStaff: fc.boolean(),
  actorHasPointAuthority: fc.boolean(),
});
const fields = fc.record({
  workdate: fc.constantFrom(...workdates),
  recipientPk: fc.constantFrom(...users),
  kind: fc.constantFrom(...pointKindKeys.slice(0, 3)),
  reason: fc.constantFrom('課程', '暗房'),
  amountHundredths: fc.constantFrom(50, 125, 400, 700, 1000),
});

/** A command without its looked-up facts; the test fills in the day's other points as the service does. */
const step = fc.record({
  afterMinutes: fc.integer({ min: 0, max: 20 * 24 * 60 }),
  pointId: fc.constantFrom(...pointIds),
  // Mostly commands that can succeed: requests for oneself, the point authority reviewing.
  command: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.tuple(actor, fields, fc.boolean()).map(([who, what, forSelf]) => ({
        type: 'RequestPoint' as const,
        ...who,
        ...what,
        recipientPk: forSelf ? who.actorPk : what.recipientPk,
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(actor, fields)
        .map(([who, what]) => ({ type: 'EditPoint' as const, ...who, ...what })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(actor, fc.constantFrom('set' as const, 'valid' as const, 'invalid' as const))
        .map(([who, confirmtype]) => ({
          type: 'ConfirmPoint' as const,
          ...who,
          actorHasPointAuthority: true,
          confirmtype,
        })),
    },
  ),
});

describe('points read model', () => {
  it('agrees with the decider for any sequence of commands, at any now', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 5, maxLength: 40, size: 'medium' }),
        fc.integer({ min: 0, max: 400 * 24 * 60 }),
        (steps, queryMinutes) => {
          const states = new Map<number, PointState>();
          let model = pointsProjection.initial();
          let nowMs = start;
          let position = 0;
          for (const { afterMinutes, pointId, command } of steps) {
            nowMs += afterMinutes * MINUTE_MS;
            const state = states.get(pointId) ?? pointDecider.initialState();
            // The day the record counts on after the command, as the service computes it.
            const recipientPk =
              command.type === 'ConfirmPoint'
                ? state.status === 'absent'
                  ? 1
                  : state.record.recipientPk
                : command.recipientPk;
            const workdate =
              command.type === 'ConfirmPoint'
                ? state.status === 'absent'
                  ? workdates[0]!
                  : state.record.workdate
                : command.workdate;
            const full = {
              ...command,
              pointId,
              otherPointsSameDayHundredths: otherPointsSameDayHundredths(
                model,
                recipientPk,
                workdate,
                pointId,
              ),
            } as PointCommand;
            const decision = pointDecider.decide(full, state, new Date(nowMs));
            if (isRejection(decision)) continue;
            let next = state;
            for (const event of decision) {
              next = pointDecider.evolve(next, event);
              position += 1;
              const recorded: RecordedEvent = {
                id: `event-${position}`,
                type: event.type,
                data: event.data,
                metadata: {
                  actor: null,
                  correlationId: 'c',
                  causationId: null,
                  time: new Date(nowMs).toISOString(),
                },
                stream: `point-${pointId}`,
                revision: 0,
                position,
              };
              model = pointsProjection.evolve(model, recorded);
            }
            states.set(pointId, next);
          }

          const now = new Date(nowMs + queryMinutes * MINUTE_MS);
          expect(model.byPk.size).toBe(states.size);
          for (const [pointId, state] of states) {
            if (state.status === 'absent') continue;
            const row = model.byPk.get(pointId)!;
            const { record } = state;
            expect(row).toMatchObject({
              pk: pointId,
              workdate: record.workdate,
              applicantPk: record.applicantPk,
              recipientPk: record.recipientPk,
              kind: record.kind,
              reason: record.reason,
              amountHundredths: record.amountHundredths,
              requestedAt: record.requestedAt,
              effectiveAt: record.effectiveAt,
              expiresAt: record.expiresAt,
              invalidated: state.status === 'invalidated',
              reviewedAt: record.confirmedAt,
              reviewerPk: record.confirmerPk,
            });
            expect(pointRowStatus(row, now)).toBe(pointStateStatus(state, now));
          }

          const records = [...states.values()].flatMap((state) =>
            state.status === 'absent'
              ? []
              : [{ ...state.record, invalidated: state.status === 'invalidated' }],
          );
          for (const userPk of users) {
            expect(userPointsAt(model, userPk, now)).toBe(userPointsHundredths(records, userPk, now));
            expect(new Set(pointsReceivedBy(model, userPk).map((row) => row.pk))).toEqual(
              new Set(
                records.filter((record) => record.recipientPk === userPk).map((record) => record.pointId),
              ),
            );
            expect(new Set(pointsAppliedForOthersBy(model, userPk).map((row) => row.pk))).toEqual(
              new Set(
                records
                  .filter((record) => record.applicantPk === userPk && record.recipientPk !== userPk)
                  .map((record) => record.pointId),
              ),
            );
            for (const workdate of workdates) {
              const expected = records
                .filter(
                  (record) =>
                    record.recipientPk === userPk &&
                    record.workdate === workdate &&
                    !record.invalidated &&
                    record.pointId !== 1,
                )
                .reduce((sum, record) => sum + record.amountHundredths, 0);
              expect(otherPointsSameDayHundredths(model, userPk, workdate, 1)).toBe(expected);
              // The daily limit holds for every recipient and day, whatever happened.
              expect(otherPointsSameDayHundredths(model, userPk, workdate, 0)).toBeLessThanOrEqual(1000);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
