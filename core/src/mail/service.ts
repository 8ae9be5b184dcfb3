// The mail application service: queue a mail once, and record its outcome. Both are idempotent, so the
// process manager may replay the log and BullMQ may report an outcome twice.
import { type CommandContext, handleCommand, loadState } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { mailDecider, type MailState } from './decider.ts';
import { mailEventSchema, mailStream, type QueuedMail } from './events.ts';

export class Mail {
  constructor(private readonly store: EventStore) {}

  /** Appends MailQueued unless this mail id was queued before; true when it was queued now. */
  async queue(mail: QueuedMail, context: CommandContext): Promise<boolean> {
    const result = await handleCommand(
      this.store,
      mailStream(mail.mailId),
      mailDecider,
      { type: 'Queue', mail },
      context,
      { schema: mailEventSchema, deciderIsIdempotent: true },
    );
    return result.ok && result.events.length > 0;
  }

  async state(mailId: string): Promise<MailState> {
    return (await loadState(this.store, mailStream(mailId), mailDecider)).state;
  }

  async recordSent(mailId: string, attempts: number, messageId: string, context: CommandContext) {
    await this.record(mailId, { type: 'RecordSent', attempts, messageId }, context);
  }

  async recordFailed(mailId: string, attempts: number, errormsg: string, context: CommandContext) {
    await this.record(mailId, { type: 'RecordFailed', attempts, errormsg }, context);
  }

  async recordNotSent(mailId: string, errormsg: string, context: CommandContext) {
    await this.record(mailId, { type: 'RecordNotSent', errormsg }, context);
  }

  private async record(
    mailId: string,
    command: Parameters<typeof mailDecider.decide>[0],
    context: CommandContext,
  ): Promise<void> {
    await handleCommand(this.store, mailStream(mailId), mailDecider, command, context, {
      schema: mailEventSchema,
      deciderIsIdempotent: true,
    });
  }
}
