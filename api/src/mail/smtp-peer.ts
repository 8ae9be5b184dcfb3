// A real SMTP server on loopback for tests (smtp-server): it accepts every mail and decodes the plain-text
// ones nodemailer writes (encoded-word subjects, quoted-printable or base64 bodies), so a test can read
// what a member would.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpPeer {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (received or arriving) that matches, or rejects after `timeoutMs`. */
  next(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          ...decodeMessage(Buffer.concat(chunks).toString('utf8')),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const subject = header('Subject').replace(
    /=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi,
    (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n').replace(/\n\.?\n?$/, '') };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const softBreaks = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < softBreaks.length; index++) {
    const char = softBreaks[index]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(softBreaks.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(softBreaks.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
