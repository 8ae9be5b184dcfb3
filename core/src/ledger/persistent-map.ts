// An immutable string-keyed map with cheap updates, for decider states that remember every id they have
// seen (an account remembers each transfer it debited or credited, for idempotency). Deciders must not
// mutate a state (the state cache shares states between concurrent commands), and copying a whole Map on
// every event would make folding a busy account quadratic.
//
// Layout: a stack of frozen Maps ("layers"), newest last; a newer layer shadows an older one. `set` pushes
// a one-entry layer and merges it downwards while the layer below is not larger (like carrying in a binary
// counter), so there are O(log n) layers and each entry is copied O(log n) times over its life.

export class PersistentMap<Value> {
  private static readonly emptyMap = new PersistentMap<never>([], 0);

  private constructor(
    private readonly layers: readonly ReadonlyMap<string, Value>[],
    /** Number of distinct keys. */
    readonly size: number,
  ) {}

  static empty<Value>(): PersistentMap<Value> {
    return PersistentMap.emptyMap as PersistentMap<Value>;
  }

  get(key: string): Value | undefined {
    for (let index = this.layers.length - 1; index >= 0; index--) {
      const layer = this.layers[index]!;
      if (layer.has(key)) return layer.get(key);
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.layers.some((layer) => layer.has(key));
  }

  /** A new map with the key set to the value; this one is unchanged. */
  set(key: string, value: Value): PersistentMap<Value> {
    const size = this.has(key) ? this.size : this.size + 1;
    const layers = this.layers.slice();
    let top = new Map<string, Value>([[key, value]]);
    while (layers.length > 0 && layers[layers.length - 1]!.size <= top.size) {
      const below = layers.pop()!;
      const merged = new Map(below);
      for (const [k, v] of top) merged.set(k, v);
      top = merged;
    }
    layers.push(top);
    return new PersistentMap(layers, size);
  }

  /** Every key with its newest value, in no particular order. */
  entries(): Map<string, Value> {
    const all = new Map<string, Value>();
    for (const layer of this.layers) for (const [key, value] of layer) all.set(key, value);
    return all;
  }
}
