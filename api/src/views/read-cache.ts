// Views computed from the read models, remembered while nothing they depend on can have changed: the read
// models' position (any new event clears the cache) and a window of time in which the view is constant
// (point statuses and semesters move with time alone, at instants the view computes). Repeated reads of an
// unchanged view return the same frozen object, so the response serializer (plugins/serializer.ts) can
// also remember its checked JSON. Without it a logged-in read recomputed user facts, sorted a member's
// point records and rendered every row of a page at every request (docs/performance.md).
import type { PointTiming } from '@club/core/points/status';

export interface Timed<V> {
  value: V;
  /** The view is valid from when it was computed until this instant (exclusive, ms since the epoch). */
  validUntilMs: number;
}

interface Entry<V> extends Timed<V> {
  computedAtMs: number;
}

/**
 * Entries kept at one position; past it the cache starts again (a bound, not an eviction policy). A log
 * page with its remembered JSON is about 20 KB, so 2,000 pages stay under 40 MB.
 */
const DEFAULT_MAX_ENTRIES = 2_000;

export class ReadCache<K, V> {
  private position = Number.NaN;
  private readonly entries = new Map<K, Entry<V>>();

  /**
   * `freeze: false` for values that hold the read models' own objects (which later events change in
   * place); such values are shared by their readers, who must not change them.
   */
  constructor(private readonly options: { freeze: boolean; maxEntries?: number } = { freeze: true }) {}

  get(position: number, key: K, nowMs: number, compute: () => Timed<V>): V {
    if (position !== this.position) {
      this.entries.clear();
      this.position = position;
    }
    const hit = this.entries.get(key);
    // A clock set back (tests move it freely) is outside the window too.
    if (hit && hit.computedAtMs <= nowMs && nowMs < hit.validUntilMs) return hit.value;
    const computed = compute();
    if (this.entries.size >= (this.options.maxEntries ?? DEFAULT_MAX_ENTRIES)) this.entries.clear();
    const value = this.options.freeze ? deepFreeze(computed.value) : computed.value;
    this.entries.set(key, { value, validUntilMs: computed.validUntilMs, computedAtMs: nowMs });
    return computed.value;
  }
}

const deepFrozen = new WeakSet<object>();

/** Freezes a view so that no caller can change what later readers are given. */
export function deepFreeze<V>(value: V): V {
  if (typeof value !== 'object' || value === null || deepFrozen.has(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  deepFrozen.add(value);
  return value;
}

/** True for a value `deepFreeze` froze (all the way down, unlike `Object.isFrozen`). */
export const isDeepFrozen = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && deepFrozen.has(value);

/** The first instant after `nowMs` at which one of these records changes status (Infinity if none). */
export function nextPointStatusChangeMs(records: Iterable<PointTiming>, nowMs: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const record of records) {
    for (const instant of [record.effectiveAt, record.expiresAt]) {
      const ms = Date.parse(instant);
      if (ms > nowMs && ms < next) next = ms;
    }
  }
  return next;
}
