// The e-mail log read model (document 3: the system's e-mail log): one row per mail, in the order the
// mails were queued, with the latest outcome. result: 3 waiting, 1 sent, 0 failed, 2 not sent (no SMTP_URL).
import type { MailEvent } from '@club/core/mail/events';
import type { Projection } from './runner.ts';

export interface EmailLogRow {
  /** The global position of the mail's MailQueued event. */
  pk: number;
  mailId: string;
  timestamp: string;
  to: string;
  subject: string;
  kind: string;
  result: 0 | 1 | 2 | 3;
  errormsg: string;
}

export interface EmailLogModel {
  rows: EmailLogRow[];
  byMailId: Map<string, EmailLogRow>;
}

export const emailLogProjection: Projection<EmailLogModel> = {
  handles: new Set(['MailQueued', 'MailSent', 'MailFailed', 'MailNotSent']),
  initial: () => ({ rows: [], byMailId: new Map() }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data } as MailEvent;
    if (event.type === 'MailQueued') {
      if (model.byMailId.has(event.data.mailId)) return model;
      const row: EmailLogRow = {
        pk: recorded.position,
        mailId: event.data.mailId,
        timestamp: recorded.metadata.time,
        to: event.data.to,
        subject: event.data.subject,
        kind: event.data.kind,
        result: 3,
        errormsg: '',
      };
      model.rows.push(row);
      model.byMailId.set(row.mailId, row);
      return model;
    }
    const row = model.byMailId.get(event.data.mailId);
    if (!row) return model;
    switch (event.type) {
      case 'MailSent':
        row.result = 1;
        row.errormsg = '';
        break;
      case 'MailFailed':
        row.result = 0;
        row.errormsg = event.data.errormsg;
        break;
      case 'MailNotSent':
        row.result = 2;
        row.errormsg = event.data.errormsg;
        break;
    }
    return model;
  },
};
