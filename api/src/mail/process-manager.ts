// The mail process manager, run by the API process (the only writer of events). It follows the log:
// an event that calls for a mail (mailPlanOf) becomes a MailQueued event, and a queued mail without an
// outcome becomes an `email` job (job id = mail id) for the e-mail worker. The job's outcome comes back
// through the queue's events and is recorded as MailSent or MailFailed. Without SMTP_URL a mail is
// recorded as MailNotSent. Nothing is lost while Redis is down: the mail stays queued in the log and is
// enqueued again every few seconds, and at every start, until it has an outcome.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadState, type CommandContext } from '@club/core/commands';
import { userStream } from '@club/core/accounts/events';
import { resetTokenOf } from '@club/core/accounts/password-reset';
import { userDecider } from '@club/core/accounts/user-decider';
import type { EventStore, RecordedEvent, Subscription } from '@club/core/eventstore/port';
import { newId } from '@club/core/ids';
import { accountStream } from '@club/core/ledger/accounts';
import type { QueuedMail } from '@club/core/mail/events';
import {
  composeMail,
  type MailPlan,
  mailPlanOf,
  type OverdueLoan,
  reminderMailId,
  RESET_LINK_PLACEHOLDER,
  type Recipient,
} from '@club/core/mail/rules';
import { Mail } from '@club/core/mail/service';
import type { EnqueueOptions, QueueService } from '@club/workers/queues';

export interface MailProcessManagerOptions {
  store: EventStore;
  /** The current queue service (the API attaches it after start; null while it has none). */
  queues: () => QueueService | null;
  smtpUrl: string | undefined;
  groupLink: string;
  /** The portal's origin for links in mails. */
  origin: string;
  /** The secret reset tokens are derived from (the session secret). */
  secret: string;
  /** Where the position up to which mails were planned is kept; undefined keeps it in memory. */
  checkpointFile: string | undefined;
  now: () => Date;
  /** Attempts and backoff of the email jobs, other than the queue's defaults (tests). */
  retry?: EnqueueOptions['retry'];
  /**
   * Loans past their due date (the daily reminder job asks it). The loans read model of issue 15 answers
   * it; until then the portal passes a port that finds none.
   */
  overdueLoans?: (now: Date) => Promise<OverdueLoan[]>;
  /**
   * The ids of the mails queued without an outcome as of a log position at or after `atLeastPosition` (the
   * e-mail log read model's). Given, a start reads the log only after its plan checkpoint instead of from
   * the beginning (a million events on a long log) to find the waiting mails.
   */
  waitingMailIds?: (atLeastPosition: number) => Promise<string[]>;
  /** How often mails still waiting for Redis are tried again. */
  redispatchEveryMs?: number;
  log: { warn(message: string): void; error(message: string, error?: unknown): void };
}

export interface MailProcessManager {
  /** Resolves once the log was read up to its head and the waiting mails were dispatched. */
  ready: Promise<void>;
  /** Mails queued without an outcome yet (the system status can show them). */
  waiting(): number;
  /** Queues today's overdue reminders (the daily job runs this; idempotent per person and day). */
  remindOverdue(): Promise<number>;
  stop(): Promise<void>;
}

const systemContext = (now: Date, causationId: string | null): CommandContext => ({
  now,
  actor: null,
  correlationId: newId(),
  causationId,
});

export function startMailProcessManager(options: MailProcessManagerOptions): MailProcessManager {
  const mail = new Mail(options.store);
  const waiting = new Map<string, QueuedMail>();
  const enqueued = new Set<string>();
  const listening = new WeakSet<QueueService>();
  /** Outcomes being recorded; stop waits for them, so none writes to a closed store. */
  const inFlight = new Set<Promise<void>>();
  let live = false;
  let stopped = false;
  let subscription: Subscription | undefined;
  let checkpointTimer: NodeJS.Timeout | undefined;

  // Mails are planned only for events after the first start of the mail process manager, so a portal
  // upgraded with a long history does not mail every member about old events.
  let planAfter = readCheckpoint(options.checkpointFile);
  let lastSeen = 0;

  const recipientOf = async (userPk: number): Promise<Recipient | null> => {
    const { state } = await loadState(options.store, userStream(userPk), userDecider);
    if (state.status !== 'registered' || state.profile.email === '') return null;
    return { email: state.profile.email, name: state.profile.name, lang: state.lang };
  };

  /** A due's amount: its paying debit is on the payer's account stream. */
  const amountOf = async (transferKey: string): Promise<number | null> => {
    const account = transferKey.slice(0, transferKey.indexOf('/'));
    const events = await options.store.readStream(accountStream(account), { direction: 'backwards' });
    const debit = events.find(
      (event) =>
        event.type === 'TransferDebited' &&
        (event.data as { transferKey: string }).transferKey === transferKey,
    );
    return debit ? (debit.data as { posting: { amountCents: number } }).posting.amountCents : null;
  };

  const plan = async (event: RecordedEvent, planned: MailPlan): Promise<void> => {
    const recipient = await recipientOf(planned.userPk);
    if (!recipient) return;
    const amountCents =
      planned.kind === 'receipt' && planned.amountCents === null ? await amountOf(planned.transferKey) : null;
    const { subject, text } = composeMail(planned, recipient, {
      groupLink: options.groupLink,
      origin: options.origin,
      amountCents,
    });
    await mail.queue(
      {
        mailId: planned.mailId,
        kind: planned.kind,
        to: recipient.email,
        subject,
        text,
        userPk: planned.userPk,
        sourceEventId: event.id,
        sourceStream: event.stream,
        ...(planned.kind === 'reset' ? { resetId: planned.resetId } : {}),
      },
      systemContext(options.now(), event.id),
    );
  };

  const outcome = async (mailId: string, queues: QueueService, completed: boolean, reason = '') => {
    // After stop the store may be closed; the outcome is reconciled from the job's state at the next start.
    if (stopped || !waiting.has(mailId)) return;
    const job = await queues.jobOutcome('email', mailId).catch(() => null);
    const context = systemContext(options.now(), null);
    if (completed) {
      const messageId = String((job?.returnValue as { messageId?: string } | null)?.messageId ?? '');
      await mail.recordSent(mailId, job?.attemptsMade ?? 1, messageId, context);
    } else {
      await mail.recordFailed(mailId, job?.attemptsMade ?? 1, reason || job?.failedReason || '', context);
    }
  };

  /** One reminder per person per Taipei day, listing all their overdue loans. */
  const remindOverdue = async (): Promise<number> => {
    const now = options.now();
    const loans = (await options.overdueLoans?.(now)) ?? [];
    const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const byUser = new Map<number, OverdueLoan[]>();
    for (const loan of loans) byUser.set(loan.userPk, [...(byUser.get(loan.userPk) ?? []), loan]);
    let queued = 0;
    for (const [userPk, userLoans] of byUser) {
      const planned: MailPlan = {
        kind: 'reminder',
        mailId: reminderMailId(userPk, day),
        userPk,
        loans: userLoans,
      };
      const recipient = await recipientOf(userPk);
      if (!recipient) continue;
      const { subject, text } = composeMail(planned, recipient, {
        groupLink: options.groupLink,
        origin: options.origin,
      });
      const fresh = await mail.queue(
        {
          mailId: planned.mailId,
          kind: 'reminder',
          to: recipient.email,
          subject,
          text,
          userPk,
          sourceEventId: '',
          sourceStream: `overdue-${day}`,
        },
        systemContext(now, null),
      );
      if (fresh) queued += 1;
    }
    return queued;
  };

  const listen = (queues: QueueService) => {
    if (listening.has(queues)) return;
    listening.add(queues);
    // Every day at 09:00 Taipei time.
    queues.repeatDaily('mail-reminder', '0 9 * * *', async () => {
      await remindOverdue();
    });
    const report = (work: Promise<void>) => {
      const tracked = work.catch((error) => options.log.error('mail: recording an outcome failed', error));
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
    };
    queues.onFinished('email', {
      completed: (jobId) => void report(outcome(jobId, queues, true)),
      failed: (jobId, reason) => void report(outcome(jobId, queues, false, reason)),
    });
  };

  const dispatch = async (queued: QueuedMail): Promise<void> => {
    if (stopped || enqueued.has(queued.mailId)) return;
    if (!options.smtpUrl) {
      await mail.recordNotSent(queued.mailId, 'SMTP_URL not set', systemContext(options.now(), null));
      return;
    }
    const queues = options.queues();
    if (!queues) return;
    listen(queues);
    // A job that finished while this process was not listening: record its outcome instead of re-adding it.
    const known = await queues.jobOutcome('email', queued.mailId).catch(() => undefined);
    if (known === undefined) return;
    if (known?.state === 'completed') return outcome(queued.mailId, queues, true);
    if (known?.state === 'failed') return outcome(queued.mailId, queues, false, known.failedReason);
    const text =
      queued.kind === 'reset' && queued.resetId
        ? queued.text.replaceAll(
            RESET_LINK_PLACEHOLDER,
            `${options.origin}/user/password/reset/${resetTokenOf(options.secret, queued.resetId)}`,
          )
        : queued.text;
    const result = await queues.enqueueOrServiceDown(
      'email',
      { mailId: queued.mailId, to: queued.to, subject: queued.subject, text },
      { jobId: queued.mailId, ...(options.retry ? { retry: options.retry } : {}) },
    );
    if (result.ok) enqueued.add(queued.mailId);
  };

  const dispatchSafely = (queued: QueuedMail) =>
    dispatch(queued).catch((error) => options.log.error(`mail ${queued.mailId}: dispatch failed`, error));

  const handle = async (event: RecordedEvent): Promise<void> => {
    await handleEvent(event);
    lastSeen = event.position;
  };

  const handleEvent = async (event: RecordedEvent): Promise<void> => {
    if (event.type === 'MailQueued') {
      const queued = event.data as QueuedMail;
      waiting.set(queued.mailId, queued);
      if (live) await dispatchSafely(queued);
      return;
    }
    if (event.type === 'MailSent' || event.type === 'MailFailed' || event.type === 'MailNotSent') {
      const mailId = (event.data as { mailId: string }).mailId;
      waiting.delete(mailId);
      enqueued.delete(mailId);
      return;
    }
    if (planAfter !== undefined && event.position <= planAfter) return;
    const planned = mailPlanOf(event);
    if (planned) {
      try {
        await plan(event, planned);
      } catch (error) {
        options.log.error(`mail: planning the mail of event ${event.id} failed`, error);
      }
    }
  };

  /**
   * Where the subscription starts: after the plan checkpoint when the waiting mails up to it are known
   * from the read model (each one's queued content read from its stream), otherwise at the log's start.
   * Events after the checkpoint are handled as ever, so a mail queued or answered there is added or
   * removed again.
   */
  const restoreWaiting = async (plannedTo: number): Promise<number> => {
    // A checkpoint past the head is not of this log: read it all.
    if (!options.waitingMailIds || plannedTo > (await options.store.headPosition())) return 0;
    let mailIds: string[];
    try {
      mailIds = await options.waitingMailIds(plannedTo);
    } catch (error) {
      options.log.error('mail: the waiting mails are read from the whole log instead', error);
      return 0;
    }
    for (const mailId of mailIds) {
      const state = await mail.state(mailId);
      if (state.status === 'queued') waiting.set(mailId, state.mail);
    }
    return plannedTo;
  };

  const ready = (async () => {
    // First start: plan from now on (see planAfter).
    if (planAfter === undefined) planAfter = await options.store.headPosition();
    const afterPosition = await restoreWaiting(planAfter);
    lastSeen = afterPosition;
    await new Promise<void>((resolve) => {
      subscription = options.store.subscribeToAll(handle, {
        afterPosition,
        onLive: () => {
          live = true;
          resolve();
        },
        onError: (error) => options.log.error('mail: the log subscription failed', error),
      });
    });
    for (const queued of [...waiting.values()]) await dispatchSafely(queued);
  })();

  // Mails that could not be enqueued (Redis down) are tried again; the checkpoint moves on.
  const every = options.redispatchEveryMs ?? 5_000;
  checkpointTimer = setInterval(() => {
    if (!live || stopped) return;
    for (const queued of waiting.values()) if (!enqueued.has(queued.mailId)) void dispatchSafely(queued);
    if (lastSeen > (planAfter ?? 0)) writeCheckpoint(options.checkpointFile, lastSeen);
  }, every);
  checkpointTimer.unref();

  return {
    ready,
    waiting: () => waiting.size,
    remindOverdue,
    async stop() {
      stopped = true;
      clearInterval(checkpointTimer);
      await ready.catch(() => undefined);
      await subscription?.stop();
      await Promise.allSettled([...inFlight]);
      if (lastSeen > 0) writeCheckpoint(options.checkpointFile, lastSeen);
    },
  };
}

function readCheckpoint(file: string | undefined): number | undefined {
  if (!file) return undefined;
  try {
    const position = (JSON.parse(readFileSync(file, 'utf8')) as { plannedTo?: unknown }).plannedTo;
    return typeof position === 'number' ? position : undefined;
  } catch {
    return undefined;
  }
}

function writeCheckpoint(file: string | undefined, position: number): void {
  if (!file) return;
  try {
    writeFileSync(file, JSON.stringify({ plannedTo: position }));
  } catch {
    // A lost checkpoint only means events after the next start's head are planned; queueing is idempotent.
  }
}

export const mailCheckpointFile = (dataDir: string) => join(dataDir, 'mail-planned.json');
