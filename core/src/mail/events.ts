// Events of the e-mail domain. One stream per mail (mail-{mailId}): MailQueued, then its outcomes. A mail
// id derives from the event that caused the mail, so replaying the log never queues a mail twice.
import { z } from 'zod';

/** What a mail is for; the e-mail log shows it beside the subject. */
export const mailKinds = ['welcome', 'receipt', 'reset', 'reminder'] as const;
export const mailKindSchema = z.enum(mailKinds);
export type MailKind = z.infer<typeof mailKindSchema>;

export const mailQueuedSchema = z.object({
  type: z.literal('MailQueued'),
  data: z.object({
    mailId: z.string().min(1),
    kind: mailKindSchema,
    to: z.string(),
    subject: z.string(),
    /**
     * The plain-text body. A reset mail holds `{{link}}` in place of its link: the token is never stored
     * (only its hash is), and the sender derives the link again from `resetId` when it sends.
     */
    text: z.string(),
    userPk: z.number().int().nullable(),
    /** The event that caused this mail (its id and stream), for the audit trail. */
    sourceEventId: z.string(),
    sourceStream: z.string(),
    resetId: z.string().optional(),
  }),
});

export const mailSentSchema = z.object({
  type: z.literal('MailSent'),
  data: z.object({ mailId: z.string(), attempts: z.number().int(), messageId: z.string() }),
});

/** The sender gave up after its retries; `errormsg` is the SMTP peer's (or the network's) last error. */
export const mailFailedSchema = z.object({
  type: z.literal('MailFailed'),
  data: z.object({ mailId: z.string(), attempts: z.number().int(), errormsg: z.string() }),
});

/** No SMTP server is configured (SMTP_URL unset): the mail is logged, not sent. */
export const mailNotSentSchema = z.object({
  type: z.literal('MailNotSent'),
  data: z.object({ mailId: z.string(), errormsg: z.string() }),
});

export const mailEventSchema = z.discriminatedUnion('type', [
  mailQueuedSchema,
  mailSentSchema,
  mailFailedSchema,
  mailNotSentSchema,
]);
export type MailEvent = z.infer<typeof mailEventSchema>;
export type QueuedMail = z.infer<typeof mailQueuedSchema>['data'];

export const mailEventTypes = ['MailQueued', 'MailSent', 'MailFailed', 'MailNotSent'] as const;
export const mailStream = (mailId: string) => `mail-${mailId}`;
