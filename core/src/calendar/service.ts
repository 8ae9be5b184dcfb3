// The calendar application service: allocates entry pks and runs the entry decider against the store;
// issues and reads personal feed generations.
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import { isRejection } from '../decider.ts';
import type { EventStore } from '../eventstore/port.ts';
import {
  type CalendarInput,
  type CalendarRejection,
  calendarDecider,
  checkCalendarInput,
} from './decider.ts';
import {
  calendarEntryStream,
  calendarEventSchema,
  calendarFeedIssuedSchema,
  calendarFeedStream,
} from './events.ts';
import { calendarFeedDecider } from './feed.ts';
import {
  CALENDAR_ID_SEQUENCE_STREAM,
  type CalendarIdAllocatedEvent,
  calendarIdAllocatedSchema,
  calendarIdSequenceDecider,
} from './id-sequence.ts';

export type CalendarWriteResult =
  | { ok: true; pk: number; position: number }
  | { ok: false; reason: CalendarRejection };

export class Calendar {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  /**
   * A new entry. With `context.commandId` a retry gets the pk the first attempt allocated, and the same
   * form again changes nothing (another form on the same key is `mismatch`).
   */
  async create(byPk: number, input: CalendarInput, context: CommandContext): Promise<CalendarWriteResult> {
    // Form errors are found before a pk is allocated, so they leave no gap.
    const checked = checkCalendarInput(input);
    if (isRejection(checked)) return { ok: false, reason: checked.rejected };
    const allocated = await handleCommand(
      this.store,
      CALENDAR_ID_SEQUENCE_STREAM,
      calendarIdSequenceDecider,
      { type: 'AllocateCalendarId' },
      context,
      { cache: this.cache, schema: calendarIdAllocatedSchema },
    );
    const pk = allocated.ok
      ? (allocated.events[0] as CalendarIdAllocatedEvent | undefined)?.data.pk
      : undefined;
    if (pk === undefined) throw new Error('calendar id allocation wrote no id');
    const { commandId: _commandId, ...entryContext } = context;
    return this.run(pk, { type: 'CreateEntry', pk, byPk, input }, entryContext);
  }

  change(pk: number, byPk: number, input: CalendarInput, context: CommandContext) {
    return this.run(pk, { type: 'ChangeEntry', pk, byPk, input }, context);
  }

  delete(pk: number, byPk: number, context: CommandContext) {
    return this.run(pk, { type: 'DeleteEntry', pk, byPk }, context);
  }

  /** Issues the user's next feed generation (revoking the one before); answers the new generation. */
  async issueFeed(
    userPk: number,
    context: CommandContext,
  ): Promise<{ generation: number; position: number }> {
    const result = await handleCommand(
      this.store,
      calendarFeedStream(userPk),
      calendarFeedDecider,
      { type: 'IssueFeed', userPk },
      context,
      { cache: this.cache, schema: calendarFeedIssuedSchema },
    );
    if (!result.ok) throw new Error('issuing a calendar feed cannot be refused');
    return { generation: result.state.generation, position: result.position };
  }

  /** The user's current feed generation, 0 if none was issued. */
  async feedGeneration(userPk: number): Promise<number> {
    const { state } = await loadState(
      this.store,
      calendarFeedStream(userPk),
      calendarFeedDecider,
      this.cache,
    );
    return state.generation;
  }

  private async run(
    pk: number,
    command: Parameters<typeof calendarDecider.decide>[0],
    context: CommandContext,
  ): Promise<CalendarWriteResult> {
    const result = await handleCommand(
      this.store,
      calendarEntryStream(pk),
      calendarDecider,
      command,
      context,
      {
        cache: this.cache,
        schema: calendarEventSchema,
        deciderIsIdempotent: true,
      },
    );
    if (!result.ok) return { ok: false, reason: result.rejection.rejected };
    return { ok: true, pk, position: result.position };
  }
}
