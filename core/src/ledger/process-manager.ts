// The ledger's process manager: it finishes every operation that stopped half-way, so a crash between two
// steps neither loses nor doubles money. Each stored event says what must follow it (followUpsOf, pure):
//
//   TransferDebited    -> credit the other account (the credit carries the debit's time)
//                         + confirm the due it pays, or cancel the due a refund cancels
//   TransferRefused    -> release the due whose debit was refused
//   DuesClaimed        -> pay each claimed item (repeat its debit with the stored posting, then confirm or
//                         release); the debit's outcome for that transferId is final, so a repeat agrees
//                         with whatever a still-running saga does
//   DuePaid/DueRefunded (workshop) -> mark the workshop roster entry paid / unpaid
//   PouchUsed, DepositCommitted    -> post the recorded posting
//
// Every follow-up is idempotent (decided on its own stream against what that stream already holds), so
// running one twice, or concurrently with the service doing the same inline, is harmless. The service
// runs them inline; this module runs them for whatever is left:
//   settlePending(store)              catch up from zero (or a checkpoint) and finish everything pending;
//                                     a follow-up that fails is reported and skipped, never fatal;
//   startLedgerProcessManager(store)  settlePending, then follow the live log, retrying failed follow-ups
//                                     with backoff (process-manager-live.ts).
import { StateCache } from '../commands.ts';
import { assertNever } from '../decider.ts';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import type { CreditTransfer } from './account.ts';
import {
  type ClaimItem,
  type Due,
  dueOfLinks,
  type LedgerEvent,
  isLedgerEventType,
  type Posting,
  parseTransferKey,
  type recordedRefusalReasons,
  type TransferDebitedData,
  transferKeyOf,
} from './events.ts';
import { Ledger, type LedgerRequest } from './service.ts';

type RecordedRefusalReason = (typeof recordedRefusalReasons)[number];
type WorkshopDue = Extract<Due, { kind: 'workshop' }>;

/** A step that must follow a stored event. */
export type FollowUp =
  | { type: 'CreditTransfer'; debited: TransferDebitedData }
  | { type: 'ConfirmDue'; userPk: number; due: Due; transferKey: string }
  | { type: 'CancelDue'; userPk: number; due: Due; transferKey: string; refundTransferKey: string }
  | { type: 'ResumeDue'; userPk: number; item: ClaimItem }
  | { type: 'ReleaseDue'; userPk: number; due: Due; transferId: string; reason: RecordedRefusalReason }
  | { type: 'PostRecorded'; posting: Posting }
  | { type: 'LinkWorkshopDeposit'; userPk: number; due: WorkshopDue; transferKey: string }
  | { type: 'UnlinkWorkshopDeposit'; userPk: number; due: WorkshopDue; transferKey: string };

interface EventLike {
  type: string;
  data: unknown;
}

/**
 * The event as a ledger event, or null for another domain's. Not parsed again: every ledger event was
 * checked against its schema before it was written, and catching up reads the whole log.
 */
const asLedgerEvent = (event: EventLike): LedgerEvent | null =>
  isLedgerEventType(event.type) ? ({ type: event.type, data: event.data } as LedgerEvent) : null;

/**
 * The credit command a debit calls for, or null for any other event: the brief's `reactTo`. The command
 * goes to the stream of `debited.posting.credit`.
 */
export function reactTo(event: EventLike): CreditTransfer | null {
  if (event.type !== 'TransferDebited') return null;
  const parsed = asLedgerEvent(event);
  return parsed?.type === 'TransferDebited' ? { type: 'CreditTransfer', debited: parsed.data } : null;
}

/** Every step that must follow this event (pure). */
export function followUpsOf(event: EventLike): FollowUp[] {
  const parsed = asLedgerEvent(event);
  if (!parsed) return [];
  switch (parsed.type) {
    case 'TransferDebited': {
      const debited = parsed.data;
      const followUps: FollowUp[] = [{ type: 'CreditTransfer', debited }];
      const owner = dueOfLinks(debited.posting.links);
      if (owner && (debited.posting.kind === 'memberfee' || debited.posting.kind === 'workshop_deposit')) {
        followUps.push({ type: 'ConfirmDue', ...owner, transferKey: debited.transferKey });
      }
      if (owner && debited.posting.links.refundOf !== undefined) {
        followUps.push({
          type: 'CancelDue',
          ...owner,
          transferKey: debited.posting.links.refundOf,
          refundTransferKey: debited.transferKey,
        });
      }
      return followUps;
    }
    case 'TransferRefused': {
      const owner = dueOfLinks(parsed.data.posting.links);
      if (!owner) return [];
      return [
        {
          type: 'ReleaseDue',
          ...owner,
          transferId: parsed.data.posting.transferId,
          reason: parsed.data.reason,
        },
      ];
    }
    case 'DuesClaimed':
      return parsed.data.items.map((item) => ({ type: 'ResumeDue', userPk: parsed.data.userPk, item }));
    case 'DuePaid':
    case 'DueRefunded': {
      const { due, userPk, transferKey } = parsed.data;
      if (due.kind !== 'workshop') return [];
      const type = parsed.type === 'DuePaid' ? 'LinkWorkshopDeposit' : 'UnlinkWorkshopDeposit';
      return [{ type, userPk, due, transferKey }];
    }
    case 'PouchUsed':
      return [{ type: 'PostRecorded', posting: parsed.data.posting }];
    case 'DepositCommitted':
      return parsed.data.posting ? [{ type: 'PostRecorded', posting: parsed.data.posting }] : [];
    default:
      return [];
  }
}

/** The identity of a follow-up, and of the event that shows it done. */
function followUpKey(followUp: FollowUp): string {
  switch (followUp.type) {
    case 'CreditTransfer':
      return `credit|${followUp.debited.transferKey}`;
    case 'ConfirmDue':
      return `confirm|${followUp.transferKey}`;
    case 'CancelDue':
      return `cancel|${followUp.refundTransferKey}`;
    case 'ResumeDue':
      return `resume|${followUp.userPk}|${followUp.item.posting.transferId}`;
    case 'ReleaseDue':
      return `release|${followUp.userPk}|${followUp.transferId}`;
    case 'PostRecorded':
      return `post|${transferKeyOf(followUp.posting.debit, followUp.posting.transferId)}`;
    case 'LinkWorkshopDeposit':
      return `link|${followUp.transferKey}`;
    case 'UnlinkWorkshopDeposit':
      return `unlink|${followUp.transferKey}`;
    default:
      return assertNever(followUp);
  }
}

/** The transfer (or claim item) a follow-up is about, for logs and the system status. */
export function subjectOf(followUp: FollowUp): string {
  switch (followUp.type) {
    case 'CreditTransfer':
      return followUp.debited.transferKey;
    case 'ConfirmDue':
    case 'LinkWorkshopDeposit':
    case 'UnlinkWorkshopDeposit':
      return followUp.transferKey;
    case 'CancelDue':
      return followUp.refundTransferKey;
    case 'ResumeDue':
      return `${followUp.item.posting.debit}/${followUp.item.posting.transferId}`;
    case 'ReleaseDue':
      return followUp.transferId;
    case 'PostRecorded':
      return transferKeyOf(followUp.posting.debit, followUp.posting.transferId);
    default:
      return assertNever(followUp);
  }
}

/** "CreditTransfer of 101/t1": what failed, in a log line an operator can search the log for. */
export const describeFollowUp = (followUp: FollowUp): string => `${followUp.type} of ${subjectOf(followUp)}`;

/** The identity of a follow-up, exported for the live manager's list of stuck follow-ups. */
export const keyOfFollowUp = (followUp: FollowUp): string => followUpKey(followUp);

/** The follow-up keys an event shows done. */
function doneKeysOf(event: EventLike): string[] {
  if (event.type === 'WorkshopDepositLinked' || event.type === 'WorkshopDepositUnlinked') {
    const { transferId } = event.data as { transferId: string };
    return [`${event.type === 'WorkshopDepositLinked' ? 'link' : 'unlink'}|${transferId}`];
  }
  const parsed = asLedgerEvent(event);
  if (!parsed) return [];
  switch (parsed.type) {
    case 'TransferCredited':
      return [`credit|${parsed.data.transferKey}`];
    case 'TransferDebited':
      return [`post|${parsed.data.transferKey}`];
    case 'DuePaid':
      return [`confirm|${parsed.data.transferKey}`, `resume|${parsed.data.userPk}|${parsed.data.transferId}`];
    case 'DueReleased':
      return [
        `release|${parsed.data.userPk}|${parsed.data.transferId}`,
        `resume|${parsed.data.userPk}|${parsed.data.transferId}`,
      ];
    case 'DueRefunded': {
      // Refunded before it was confirmed: the confirmation and the resumed claim are moot.
      const refunded = parseTransferKey(parsed.data.transferKey);
      return [
        `cancel|${parsed.data.refundTransferKey}`,
        `confirm|${parsed.data.transferKey}`,
        ...(refunded ? [`resume|${parsed.data.userPk}|${refunded.transferId}`] : []),
      ];
    }
    case 'DueRefundSkipped':
      return [`cancel|${parsed.data.refundTransferKey}`];
    default:
      return [];
  }
}

export interface PendingFollowUp {
  followUp: FollowUp;
  /** Position of the event that called for it. */
  position: number;
  /**
   * Position of the event before it in the scan (or the scan's start): resuming after this position reads
   * the calling event again. Positions are opaque, so this is looked up, never computed from `position`.
   */
  resumeAfter: number;
  correlationId: string;
  causationId: string;
}

/**
 * Follows the log and keeps what is still to be done: every follow-up whose completing event has not come
 * yet. A follow-up is always completed by a later event than the one that called for it, so nothing but
 * the pending follow-ups needs to be kept, however long the log.
 */
export class PendingScan {
  private readonly pending = new Map<string, PendingFollowUp>();
  private previous: number;

  /** `afterPosition`: where the scan starts (exclusive), 0 for the beginning of the log. */
  constructor(afterPosition = 0) {
    this.previous = afterPosition;
  }

  add(event: RecordedEvent): void {
    const resumeAfter = this.previous;
    this.previous = event.position;
    for (const key of doneKeysOf(event)) this.pending.delete(key);
    for (const followUp of followUpsOf(event)) {
      const key = followUpKey(followUp);
      if (this.pending.has(key)) continue;
      this.pending.set(key, {
        followUp,
        position: event.position,
        resumeAfter,
        correlationId: event.metadata.correlationId,
        causationId: event.id,
      });
    }
  }

  /** In log order. */
  list(): PendingFollowUp[] {
    return [...this.pending.values()].sort((a, b) => a.position - b.position);
  }
}

/** What is still to be done after these events (in log order). */
export function pendingFollowUps(events: Iterable<RecordedEvent>): PendingFollowUp[] {
  const scan = new PendingScan();
  for (const event of events) scan.add(event);
  return scan.list();
}

/** Runs one follow-up through the service. Returns false when the workshop roster refused a link. */
export async function executeFollowUp(
  ledger: Ledger,
  followUp: FollowUp,
  request: LedgerRequest,
): Promise<boolean> {
  switch (followUp.type) {
    case 'CreditTransfer':
      await ledger.creditStep(followUp.debited, request);
      return true;
    case 'ConfirmDue':
      await ledger.confirmDue(followUp.userPk, followUp.due, followUp.transferKey, request);
      return true;
    case 'CancelDue':
      await ledger.cancelDue(
        followUp.userPk,
        followUp.due,
        followUp.transferKey,
        followUp.refundTransferKey,
        request,
      );
      return true;
    case 'ResumeDue':
      // Paid or refused, the item is finished either way.
      await ledger.payDueItem(followUp.userPk, followUp.item, request);
      return true;
    case 'ReleaseDue':
      await ledger.releaseDue(followUp.userPk, followUp.due, followUp.transferId, followUp.reason, request);
      return true;
    case 'PostRecorded':
      await ledger.postStoredPosting(followUp.posting, request);
      return true;
    case 'LinkWorkshopDeposit':
    case 'UnlinkWorkshopDeposit':
      return ledger.linkWorkshop(followUp.type, followUp.userPk, followUp.due, followUp.transferKey, request);
    default:
      return assertNever(followUp);
  }
}

export interface SettleOptions {
  /** The service to run the steps with (a fresh one over the store otherwise). */
  ledger?: Ledger;
  /** Resume after this global position (a checkpoint a previous run returned); default: from zero. */
  afterPosition?: number;
  now?: () => Date;
  /** Scan-and-finish rounds before giving up (default 5); a round normally leaves nothing pending. */
  maxPasses?: number;
  /**
   * Called for each follow-up that threw. It is skipped for the rest of this run (listed in `failed`), so
   * one transfer whose step keeps failing cannot keep the rest, or the portal's start, waiting.
   */
  onFailure?: (error: unknown, entry: PendingFollowUp) => void;
}

export interface FailedFollowUp {
  entry: PendingFollowUp;
  error: unknown;
}

export interface SettleReport {
  /** Everything up to here is settled: pass it as afterPosition next time. */
  checkpoint: number;
  /** The log was scanned up to here (the head at the last pass): a live follower starts after it. */
  scannedTo: number;
  /** Follow-ups run (most were missing credits). */
  executed: number;
  passes: number;
  /** Workshop roster links the roster refused (entry not on the roster); they are not retried. */
  refusedLinks: string[];
  /** Follow-ups still pending after the last pass (empty unless a step keeps failing). */
  pending: PendingFollowUp[];
  /** Follow-ups that threw in this run (each also in `pending`, unless a later event finished it). */
  failed: FailedFollowUp[];
}

const PAGE_SIZE = 1000;

/** Scans the log after `afterPosition` up to `upTo`, a page at a time. */
async function scanLog(store: EventStore, afterPosition: number, upTo: number): Promise<PendingFollowUp[]> {
  const scan = new PendingScan(afterPosition);
  let after = afterPosition;
  while (after < upTo) {
    const page = await store.readAll({ afterPosition: after, maxCount: PAGE_SIZE });
    for (const event of page) if (event.position <= upTo) scan.add(event);
    if (page.length < PAGE_SIZE) break;
    after = page[page.length - 1]!.position;
  }
  return scan.list();
}

const isLink = (followUp: FollowUp): boolean =>
  followUp.type === 'LinkWorkshopDeposit' || followUp.type === 'UnlinkWorkshopDeposit';

/**
 * Catches up from the log and finishes every operation left half-done: debited but not credited, claimed
 * but not paid or released, pouch used or deposit committed but not posted, and so on.
 */
export async function settlePending(store: EventStore, options: SettleOptions = {}): Promise<SettleReport> {
  const ledger = options.ledger ?? new Ledger(store, { cache: new StateCache() });
  const now = options.now ?? (() => new Date());
  const afterPosition = options.afterPosition ?? 0;
  const maxPasses = options.maxPasses ?? 5;
  const refusedLinks: string[] = [];
  const attemptedLinks = new Set<string>();
  const failed = new Map<string, FailedFollowUp>();
  let executed = 0;
  for (let pass = 1; ; pass++) {
    const head = await store.headPosition();
    const pending = await scanLog(store, afterPosition, head);
    const toRun = pending.filter((entry) => {
      const key = followUpKey(entry.followUp);
      return !failed.has(key) && !(isLink(entry.followUp) && attemptedLinks.has(key));
    });
    if (toRun.length === 0 || pass > maxPasses) {
      const left = pending.filter(
        (entry) => !(isLink(entry.followUp) && attemptedLinks.has(followUpKey(entry.followUp))),
      );
      const stillFailed = [...failed.values()].filter((failure) =>
        left.some((entry) => followUpKey(entry.followUp) === followUpKey(failure.entry.followUp)),
      );
      // Everything before the first event with work left is settled.
      const checkpoint = left.length === 0 ? head : left[0]!.resumeAfter;
      return {
        checkpoint,
        scannedTo: head,
        executed,
        passes: toRun.length === 0 ? pass : pass - 1,
        refusedLinks,
        pending: left,
        failed: stillFailed,
      };
    }
    for (const entry of toRun) {
      const request: LedgerRequest = {
        now: now(),
        actorPk: null,
        correlationId: entry.correlationId,
        causationId: entry.causationId,
      };
      const key = followUpKey(entry.followUp);
      let succeeded: boolean;
      try {
        succeeded = await executeFollowUp(ledger, entry.followUp, request);
      } catch (error) {
        failed.set(key, { entry, error });
        options.onFailure?.(error, entry);
        continue;
      }
      executed += 1;
      if (isLink(entry.followUp)) {
        attemptedLinks.add(key);
        if (!succeeded) refusedLinks.push(key);
      }
    }
  }
}
