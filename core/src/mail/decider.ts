// One mail's life (stream mail-{mailId}): queued once, then an outcome. Every command is idempotent:
// queueing again, or an outcome that arrives twice (a redelivered BullMQ event), appends nothing.
import { assertNever, type Decider } from '../decider.ts';
import type { MailEvent, QueuedMail } from './events.ts';

export type MailState =
  | { status: 'none' }
  | { status: 'queued'; mail: QueuedMail }
  | { status: 'sent'; mail: QueuedMail }
  | { status: 'failed'; mail: QueuedMail; errormsg: string }
  | { status: 'notsent'; mail: QueuedMail };

export type MailCommand =
  | { type: 'Queue'; mail: QueuedMail }
  | { type: 'RecordSent'; attempts: number; messageId: string }
  | { type: 'RecordFailed'; attempts: number; errormsg: string }
  | { type: 'RecordNotSent'; errormsg: string };

export const mailDecider: Decider<MailCommand, MailEvent, MailState, never> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'Queue':
        return state.status === 'none' ? [{ type: 'MailQueued', data: command.mail }] : [];
      case 'RecordSent':
        // A mail that failed may still be sent by a later retry of the same job (a re-enqueue at start).
        if (state.status !== 'queued' && state.status !== 'failed') return [];
        return [
          {
            type: 'MailSent',
            data: { mailId: state.mail.mailId, attempts: command.attempts, messageId: command.messageId },
          },
        ];
      case 'RecordFailed':
        if (state.status !== 'queued') return [];
        return [
          {
            type: 'MailFailed',
            data: { mailId: state.mail.mailId, attempts: command.attempts, errormsg: command.errormsg },
          },
        ];
      case 'RecordNotSent':
        if (state.status !== 'queued') return [];
        return [{ type: 'MailNotSent', data: { mailId: state.mail.mailId, errormsg: command.errormsg } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MailQueued':
        return { status: 'queued', mail: event.data };
      case 'MailSent':
        return state.status === 'none' ? state : { status: 'sent', mail: state.mail };
      case 'MailFailed':
        return state.status === 'none'
          ? state
          : { status: 'failed', mail: state.mail, errormsg: event.data.errormsg };
      case 'MailNotSent':
        return state.status === 'none' ? state : { status: 'notsent', mail: state.mail };
      default:
        return state;
    }
  },
};
