// Group commit for the SQLite adapter: many appends, one fsync.
//
// better-sqlite3 runs on the Node thread, so a commit cannot be "in flight" while JavaScript runs unless
// the expensive part, the fsync, leaves the thread. The write connection therefore runs with
// synchronous=NORMAL (in WAL mode a COMMIT then writes its WAL frames without syncing them) and this
// module syncs the WAL file itself on the libuv thread pool before it acknowledges anything:
//   1. appends queue up until the next turn of the event loop (setImmediate) and are committed together
//      in one transaction, each in its own savepoint, so each is checked against its own expected
//      revision and a conflict or error in one leaves the others written;
//   2. the committed appends wait for the next fsync of the WAL; while one fsync runs, new batches keep
//      committing and then share the following fsync;
//   3. only after the fsync that covers its commit does an append resolve (or reject).
// This is synchronous=FULL's durability: FULL is NORMAL plus a WAL sync after each commit, and here an
// append is answered only after such a sync. Reads on the same connection do see committed frames before
// they are synced, but a command that decides on them appends after them in the WAL, and a crash can only
// lose a suffix of the WAL (frames carry a running checksum), so nothing acknowledged can depend on
// something lost. Subscriptions (the read models) are held back to the synced part of the log, so no
// reader is ever shown a write that a power cut could take back.
import { closeSync, fdatasync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppendResult, ExpectedRevision, NewEvent } from './port.ts';

export interface QueuedAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  onCommitted?: (result: AppendResult | undefined) => void;
  /** Decided on the state after the stream's previous queued append: fails if that one failed. */
  chained?: boolean;
  /** Ids made for this append: no retry to look for (port.ts). */
  newIds?: boolean;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

export type AppendOutcome =
  /** `inserted` is false for an idempotent retry, which wrote nothing and answers with stored events. */
  { ok: true; result: AppendResult; inserted: boolean } | { ok: false; error: unknown };

interface CommittedBatch {
  /** Position of the first event this batch inserted, or undefined when it inserted none. */
  firstPosition: number | undefined;
  settle: Array<() => void>;
  fail: Array<(error: unknown) => void>;
}

export interface GroupCommitterOptions {
  /** Commits a batch in one transaction and reports each append's outcome in order (never throws per append). */
  commitBatch: (batch: readonly QueuedAppend[]) => AppendOutcome[];
  /** The WAL file to sync, or undefined when commits need no sync of ours (NORMAL, OFF, in memory). */
  walFile: string | undefined;
  /** Called after appends became durable (or were committed, without a sync), to wake subscriptions. */
  onDurable: () => void;
}

export class GroupCommitter {
  private queue: QueuedAppend[] = [];
  private scheduled = false;
  /** Committed batches not yet covered by a finished fsync, oldest first. */
  private unsynced: CommittedBatch[] = [];
  private syncing = false;
  /** The batches whose fsync is running. */
  private inFlight: CommittedBatch[] = [];
  private walDescriptor: number | undefined;
  private idleWaiters: Array<() => void> = [];
  /**
   * Set by a failed WAL sync. After a failed fsync the kernel may have dropped the dirty pages and a later
   * fsync can report success without them, so no later append may be acknowledged: a credit could then
   * be confirmed whose debit was lost. The store must be reopened (SQLite recovers the WAL).
   */
  private syncFailure: Error | undefined;
  /** After a failed sync, readers of the log stay before the first event that sync should have covered. */
  private heldFromAfterFailure: number | undefined;

  /** Counters for tests and the bench: how many transactions and WAL syncs served how many appends. */
  readonly stats = { appends: 0, batches: 0, syncs: 0 };

  constructor(private readonly options: GroupCommitterOptions) {}

  /**
   * Queues an append for the next batch; false when it was refused at once (after a failed sync). Appends
   * are committed in the order they were queued, each batch in one transaction.
   */
  enqueue(append: QueuedAppend): boolean {
    if (this.syncFailure !== undefined) {
      append.reject(this.syncFailure);
      return false;
    }
    this.queue.push(append);
    if (this.scheduled) return true;
    this.scheduled = true;
    // setImmediate, not a microtask: callbacks of I/O that completed in this loop turn (more requests,
    // the previous fsync) get to queue their appends into the same batch.
    setImmediate(() => this.flush());
    return true;
  }

  /**
   * The lowest position that is committed but not yet durable, or undefined when everything committed is
   * durable. Readers that must only see durable events stop before it.
   */
  firstNotDurablePosition(): number | undefined {
    if (this.syncFailure !== undefined) return this.heldFromAfterFailure;
    for (const batch of this.inFlight) if (batch.firstPosition !== undefined) return batch.firstPosition;
    for (const batch of this.unsynced) if (batch.firstPosition !== undefined) return batch.firstPosition;
    return undefined;
  }

  /** Resolves once every queued append is committed and synced (used by close). */
  async drain(): Promise<void> {
    if (this.scheduled) this.flush();
    if (!this.syncing && this.unsynced.length === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Closes the WAL descriptor; call after drain. */
  close(): void {
    if (this.walDescriptor !== undefined) closeSync(this.walDescriptor);
    this.walDescriptor = undefined;
  }

  private flush(): void {
    if (!this.scheduled) return;
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    if (this.syncFailure !== undefined) {
      for (const append of batch) append.reject(this.syncFailure);
      for (const append of batch) append.onCommitted?.(undefined);
      return;
    }
    this.stats.batches += 1;
    this.stats.appends += batch.length;
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.options.commitBatch(batch);
    } catch (error) {
      // The transaction itself failed (disk full, locked by another process): nothing was written.
      for (const append of batch) append.reject(error);
      for (const append of batch) append.onCommitted?.(undefined);
      return;
    }
    const committed: CommittedBatch = { firstPosition: undefined, settle: [], fail: [] };
    outcomes.forEach((outcome, index) => {
      const append = batch[index]!;
      if (outcome.ok) {
        // Positions grow within the batch, so the first inserted row is the batch's lowest.
        if (outcome.inserted && committed.firstPosition === undefined)
          committed.firstPosition = outcome.result.position - (append.events.length - 1);
        committed.settle.push(() => append.resolve(outcome.result));
      } else {
        committed.settle.push(() => append.reject(outcome.error));
      }
      committed.fail.push(append.reject);
    });
    const tellCommitted = () =>
      batch.forEach((append, index) => {
        const outcome = outcomes[index]!;
        append.onCommitted?.(outcome.ok ? outcome.result : undefined);
      });
    if (this.options.walFile === undefined) {
      tellCommitted();
      for (const settle of committed.settle) settle();
      this.options.onDurable();
      return;
    }
    // Registered as unsynced before anyone hears of the commit, so readers of the log stop before it.
    this.unsynced.push(committed);
    tellCommitted();
    this.syncNext();
  }

  private syncNext(): void {
    if (this.syncing) return;
    if (this.unsynced.length === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    // The group stays visible to firstNotDurablePosition (as inFlight) until its sync finished.
    const group = this.unsynced;
    this.unsynced = [];
    this.syncing = true;
    this.stats.syncs += 1;
    this.inFlight = group;
    let descriptor: number;
    try {
      descriptor = this.walDescriptorOpen();
    } catch (error) {
      this.finishSync(group, error);
      return;
    }
    // fdatasync, not fsync: it writes the WAL's data and the metadata needed to read it back (its size when
    // it grew), which is all durability needs; fsync also journals the file's times, an extra journal
    // commit on ext4 for every group. (SQLite as better-sqlite3 builds it calls fsync: no HAVE_FDATASYNC.)
    fdatasync(descriptor, (error) => this.finishSync(group, error ?? undefined));
  }

  private finishSync(group: CommittedBatch[], error: unknown): void {
    if (error !== undefined && this.syncFailure === undefined) {
      this.heldFromAfterFailure = this.firstNotDurablePosition();
      this.syncFailure = new Error('event store: syncing the WAL failed; reopen the store', { cause: error });
    }
    this.syncing = false;
    this.inFlight = [];
    if (this.syncFailure !== undefined) {
      // Everything committed after the failure is failed too, and nothing waits for a sync any more.
      group = [...group, ...this.unsynced];
      this.unsynced = [];
      for (const batch of group) for (const fail of batch.fail) fail(this.syncFailure);
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    for (const batch of group) for (const settle of batch.settle) settle();
    this.options.onDurable();
    this.syncNext();
  }

  private walDescriptorOpen(): number {
    if (this.walDescriptor !== undefined) return this.walDescriptor;
    const walFile = this.options.walFile!;
    this.walDescriptor = openSync(walFile, 'r');
    // SQLite syncs the folder once after creating a WAL file, so that the file's name survives a power
    // cut; do the same before the first acknowledgement.
    const folder = openSync(dirname(walFile), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
    return this.walDescriptor;
  }
}
