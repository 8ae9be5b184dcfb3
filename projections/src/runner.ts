// Runs read models from a catch-up subscription to the global log, in memory. Every model can be rebuilt
// from zero (`rebuildAll`), and a rebuilt model must equal the live one.
import type { EventStore, RecordedEvent, Subscription } from '@club/core/eventstore/port';
import { defineOnFirstUse } from './first-use.ts';
import type { SnapshotFile } from './snapshot.ts';

/**
 * A read model: `evolve(model, event) -> model` over the event types it declares. For speed over a long
 * log, evolve may update the model in place and return it; it must not keep references to the event.
 */
export interface Projection<Model> {
  handles: ReadonlySet<string>;
  initial(): Model;
  evolve(model: Model, event: RecordedEvent): Model;
  /**
   * A leaner form of the model for the snapshot, for a model whose objects repeat what other objects hold
   * (v8 serialisation writes every key and string of every object, and reading them back is most of a
   * warm start). `restoreStored` must give back a model equal to the one stored.
   */
  storedFormOf?(model: Model): unknown;
  restoreStored?(stored: unknown): Model;
}

/** The models as the snapshot stores them (each in its stored form where it has one). */
export function storedModelsOf(
  projections: Record<string, Projection<unknown>>,
  models: object,
  /** Stored forms of models that were never restored (and so never changed): written back as they are. */
  unrestored: ReadonlyMap<string, unknown> = new Map(),
): object {
  const stored: Record<string, unknown> = {};
  for (const [name, projection] of Object.entries(projections)) {
    if (unrestored.has(name)) {
      stored[name] = unrestored.get(name);
      continue;
    }
    const model = (models as Record<string, unknown>)[name];
    stored[name] = projection.storedFormOf ? projection.storedFormOf(model) : model;
  }
  return stored;
}

export type ModelsOf<P extends Record<string, Projection<unknown>>> = {
  [K in keyof P]: P[K] extends Projection<infer M> ? M : never;
};

export class ProjectionTimeoutError extends Error {
  constructor(position: number, reached: number) {
    super(`projections did not reach position ${position} (at ${reached})`);
    this.name = 'ProjectionTimeoutError';
  }
}

export interface RunnerOptions<Models> {
  /** Where the models are checkpointed; without it every start replays the whole log. */
  snapshot?: SnapshotFile<Models>;
  /**
   * Checkpoint after this many events applied since the last one (default 500,000; and once live after a
   * start that replayed at least a fifth of that), and at stop. Writing blocks the event loop (about 5 s
   * for the models of a million events on the bench machine), so it is rare; a crash only means a longer
   * replay at the next start.
   */
  checkpointEveryEvents?: number;
}

export class ProjectionRunner<P extends Record<string, Projection<unknown>>> {
  readonly models: ModelsOf<P>;
  private positionReached = 0;
  private lastEventId = '';
  /** The position of the event before the last one applied (0 at the start of the log). */
  private previousPosition = 0;
  private subscription: Subscription | undefined;
  private waiters: { position: number; resolve: () => void }[] = [];
  private failure: unknown;
  private checkpointPosition = 0;
  private readonly dispatch: Dispatch;
  private checkpointScheduled = false;
  /** Stored forms of the models not restored yet (restoreAtFirstUse), by projection name. */
  private readonly unrestored = new Map<string, unknown>();
  /** Where the models started from at the last start: 'snapshot' or 'log' (replayed from zero). */
  startedFrom: 'snapshot' | 'log' = 'log';

  constructor(
    private readonly store: EventStore,
    private readonly projections: P,
    private readonly options: RunnerOptions<ModelsOf<P>> = {},
  ) {
    this.models = initialModels(projections);
    this.dispatch = dispatchOf(projections);
  }

  /** Position of the last event applied to every model. */
  get position(): number {
    return this.positionReached;
  }

  /**
   * Starts from the snapshot when there is a usable one, then follows the log; resolves once every stored
   * event has been applied. A snapshot written at an older position is refreshed once live.
   */
  async start(): Promise<void> {
    await this.restoreSnapshot();
    await new Promise<void>((resolve, reject) => {
      this.subscription = this.store.subscribeToAll((event) => this.apply(event), {
        afterPosition: this.positionReached,
        onLive: () => {
          if (this.positionReached - this.checkpointPosition >= this.checkpointEvery() / 5)
            this.scheduleCheckpoint();
          resolve();
        },
        onError: (error) => {
          this.failure = error;
          reject(error);
          for (const waiter of this.waiters) waiter.resolve();
        },
      });
    });
  }

  private async restoreSnapshot(): Promise<void> {
    const snapshot = this.options.snapshot?.load();
    if (!snapshot || this.positionReached > 0) return;
    // The snapshot must be of this log: the event at its position must be the one it saw last.
    const [event] = await this.store.readAll({ afterPosition: snapshot.previousPosition, maxCount: 1 });
    if (!event || event.position !== snapshot.position || event.id !== snapshot.eventId) return;
    const writable = this.models as Record<string, unknown>;
    for (const name of Object.keys(this.projections)) {
      if (!(name in (snapshot.models as object))) return;
    }
    // Models with a stored form are restored at their first use (restoring the ledger's rows and the
    // login log is most of a warm start's work, and many starts answer for a while without them).
    const models = snapshot.models as Record<string, unknown>;
    for (const [name, projection] of Object.entries(this.projections)) {
      if (projection.restoreStored) this.restoreAtFirstUse(name, projection, models[name]);
      else writable[name] = models[name];
    }
    this.positionReached = snapshot.position;
    this.lastEventId = snapshot.eventId;
    this.previousPosition = snapshot.previousPosition;
    this.checkpointPosition = snapshot.position;
    this.startedFrom = 'snapshot';
  }

  /**
   * Restores the stored model when `models[name]` is first read (defineOnFirstUse: whole, synchronously);
   * until then a checkpoint writes the stored form back as it was read.
   */
  private restoreAtFirstUse(name: string, projection: Projection<unknown>, stored: unknown): void {
    this.unrestored.set(name, stored);
    defineOnFirstUse(
      this.models,
      name,
      () => projection.restoreStored!(stored),
      () => this.unrestored.delete(name),
    );
  }

  private checkpointEvery(): number {
    return this.options.checkpointEveryEvents ?? 500_000;
  }

  /** Writes the models with their position now (synchronously, so they cannot change meanwhile). */
  checkpoint(): void {
    const snapshot = this.options.snapshot;
    if (!snapshot || this.positionReached === this.checkpointPosition || this.failure) return;
    snapshot.save({
      position: this.positionReached,
      eventId: this.lastEventId,
      previousPosition: this.previousPosition,
      models: storedModelsOf(this.projections, this.models, this.unrestored) as ModelsOf<P>,
    });
    this.checkpointPosition = this.positionReached;
  }

  /** Checkpoints on a later turn of the event loop, outside the subscription's handler. */
  private scheduleCheckpoint(): void {
    if (!this.options.snapshot || this.checkpointScheduled) return;
    this.checkpointScheduled = true;
    setImmediate(() => {
      this.checkpointScheduled = false;
      try {
        this.checkpoint();
      } catch (error) {
        // Only a cache: the next start replays more of the log.
        console.error('read-model snapshot could not be written', error);
      }
    });
  }

  private apply(event: RecordedEvent): void {
    applyEvent(this.dispatch, this.models, event);
    this.previousPosition = this.positionReached;
    this.positionReached = event.position;
    this.lastEventId = event.id;
    if (this.positionReached - this.checkpointPosition >= this.checkpointEvery()) this.scheduleCheckpoint();
    if (this.waiters.length > 0) {
      const ready = this.waiters.filter((waiter) => waiter.position <= event.position);
      this.waiters = this.waiters.filter((waiter) => waiter.position > event.position);
      for (const waiter of ready) waiter.resolve();
    }
  }

  /** Resolves once the models include the event at `position` (read your own writes). */
  async waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    if (this.failure) throw this.failure;
    if (position <= this.positionReached) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.waiters.push({ position, resolve })),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ProjectionTimeoutError(position, this.positionReached)),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    if (this.failure) throw this.failure;
  }

  async stop(): Promise<void> {
    const wasRunning = this.subscription !== undefined;
    await this.subscription?.stop();
    this.subscription = undefined;
    if (wasRunning) {
      try {
        this.checkpoint();
      } catch (error) {
        console.error('read-model snapshot could not be written', error);
      }
    }
  }
}

function initialModels<P extends Record<string, Projection<unknown>>>(projections: P): ModelsOf<P> {
  const models: Record<string, unknown> = {};
  for (const [name, projection] of Object.entries(projections)) models[name] = projection.initial();
  return models as ModelsOf<P>;
}

type Dispatch = Map<string, Array<[name: string, projection: Projection<unknown>]>>;

/**
 * Which projections handle each event type, worked out once: applying an event is then one map lookup
 * instead of a pass over every projection (it runs a million times in a rebuild).
 */
function dispatchOf(projections: Record<string, Projection<unknown>>): Dispatch {
  const dispatch: Dispatch = new Map();
  for (const [name, projection] of Object.entries(projections)) {
    for (const type of projection.handles) {
      const handlers = dispatch.get(type) ?? [];
      handlers.push([name, projection]);
      dispatch.set(type, handlers);
    }
  }
  return dispatch;
}

function applyEvent(dispatch: Dispatch, models: object, event: RecordedEvent): void {
  const handlers = dispatch.get(event.type);
  if (!handlers) return;
  const writable = models as Record<string, unknown>;
  for (const [name, projection] of handlers) writable[name] = projection.evolve(writable[name], event);
}

/** Replays the whole log from zero into fresh models. */
export async function rebuildAll<P extends Record<string, Projection<unknown>>>(
  store: EventStore,
  projections: P,
  pageSize = 5000,
): Promise<{ models: ModelsOf<P>; events: number; position: number }> {
  const models = initialModels(projections);
  const dispatch = dispatchOf(projections);
  let position = 0;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ afterPosition: position, maxCount: pageSize });
    for (const event of page) {
      applyEvent(dispatch, models, event);
      position = event.position;
    }
    events += page.length;
    if (page.length < pageSize) break;
  }
  return { models, events, position };
}
