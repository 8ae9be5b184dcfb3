// Runs read models from a catch-up subscription to the global log, in memory. Every model can be rebuilt
// from zero (`rebuildAll`), and a rebuilt model must equal the live one.
import type { EventStore, RecordedEvent, Subscription } from '@club/core/eventstore/port';

/**
 * A read model: `evolve(model, event) -> model` over the event types it declares. For speed over a long
 * log, evolve may update the model in place and return it; it must not keep references to the event.
 */
export interface Projection<Model> {
  handles: ReadonlySet<string>;
  initial(): Model;
  evolve(model: Model, event: RecordedEvent): Model;
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

export class ProjectionRunner<P extends Record<string, Projection<unknown>>> {
  readonly models: ModelsOf<P>;
  private positionReached = 0;
  private subscription: Subscription | undefined;
  private waiters: { position: number; resolve: () => void }[] = [];
  private failure: unknown;

  constructor(
    private readonly store: EventStore,
    private readonly projections: P,
  ) {
    this.models = initialModels(projections);
  }

  /** Position of the last event applied to every model. */
  get position(): number {
    return this.positionReached;
  }

  /** Starts the subscription; resolves once every stored event has been applied. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.subscription = this.store.subscribeToAll((event) => this.apply(event), {
        afterPosition: this.positionReached,
        onLive: resolve,
        onError: (error) => {
          this.failure = error;
          reject(error);
          for (const waiter of this.waiters) waiter.resolve();
        },
      });
    });
  }

  private apply(event: RecordedEvent): void {
    applyEvent(this.projections, this.models, event);
    this.positionReached = event.position;
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
    await this.subscription?.stop();
    this.subscription = undefined;
  }
}

function initialModels<P extends Record<string, Projection<unknown>>>(projections: P): ModelsOf<P> {
  const models: Record<string, unknown> = {};
  for (const [name, projection] of Object.entries(projections)) models[name] = projection.initial();
  return models as ModelsOf<P>;
}

function applyEvent<P extends Record<string, Projection<unknown>>>(
  projections: P,
  models: ModelsOf<P>,
  event: RecordedEvent,
): void {
  const writable = models as Record<string, unknown>;
  for (const [name, projection] of Object.entries(projections)) {
    if (projection.handles.has(event.type)) writable[name] = projection.evolve(writable[name], event);
  }
}

/** Replays the whole log from zero into fresh models. */
export async function rebuildAll<P extends Record<string, Projection<unknown>>>(
  store: EventStore,
  projections: P,
  pageSize = 5000,
): Promise<{ models: ModelsOf<P>; events: number; position: number }> {
  const models = initialModels(projections);
  let position = 0;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ afterPosition: position, maxCount: pageSize });
    for (const event of page) {
      applyEvent(projections, models, event);
      position = event.position;
    }
    events += page.length;
    if (page.length < pageSize) break;
  }
  return { models, events, position };
}
