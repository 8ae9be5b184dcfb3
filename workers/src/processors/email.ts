// The e-mail processor: one mail of the `email` queue sent over SMTP with nodemailer. A refusal or an
// unreachable server throws, so BullMQ retries the job with its backoff; the API process records the
// final outcome (MailSent or MailFailed) from the queue's events.
import nodemailer from 'nodemailer';
import { InvalidJobDataError } from '../device-commands.ts';

interface EmailJob {
  mailId: string;
  to: string;
  subject: string;
  text: string;
}

function parseEmailJob(data: unknown): EmailJob {
  const job = data as Partial<Record<keyof EmailJob, unknown>> | null;
  const strings =
    job && ['mailId', 'to', 'subject', 'text'].every((key) => typeof job[key as keyof EmailJob] === 'string');
  if (!strings || (job.to as string).length < 3)
    throw new InvalidJobDataError('email job: mailId, to, subject and text must be strings');
  return job as EmailJob;
}

export interface EmailSettings {
  /** SMTP_URL, e.g. smtp://user:pass@mail.example.org:587 or smtps://...:465. */
  smtpUrl: string;
  /** MAIL_FROM, e.g. '攝影社 <club@example.org>'. */
  from: string;
}

/** The sender when MAIL_FROM is unset. */
export const defaultMailFrom = 'Photography club <noreply@localhost>';

export type EmailSender = (data: unknown) => Promise<{ messageId: string }>;

/** A sender over one SMTP transport (SMTP_URL may carry nodemailer's options as query parameters). */
export function createEmailSender(settings: EmailSettings): EmailSender {
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return async (data) => {
    const mail = parseEmailJob(data);
    const info = await transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: { 'X-Club-Mail-Id': mail.mailId },
    });
    return { messageId: String(info.messageId ?? '') };
  };
}
