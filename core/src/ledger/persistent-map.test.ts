import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentMap } from './persistent-map.ts';

describe('PersistentMap', () => {
  it('behaves like a Map, and every earlier version stays as it was', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 300 }),
        (writes) => {
          const versions: PersistentMap<number>[] = [PersistentMap.empty()];
          const models: Map<string, number>[] = [new Map()];
          for (const [key, value] of writes) {
            versions.push(versions.at(-1)!.set(key, value));
            models.push(new Map(models.at(-1)!).set(key, value));
          }
          versions.forEach((version, index) => {
            const model = models[index]!;
            expect(version.size).toBe(model.size);
            expect(version.entries()).toEqual(model);
            for (const [key, value] of model) expect(version.get(key)).toBe(value);
            expect(version.get('not a key of length 3 or less')).toBeUndefined();
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps few layers as it grows (logarithmic)', () => {
    let map = PersistentMap.empty<number>();
    for (let index = 0; index < 10_000; index++) map = map.set(`k${index}`, index);
    const layers = (map as unknown as { layers: unknown[] }).layers.length;
    expect(layers).toBeLessThanOrEqual(14);
    expect(map.get('k1234')).toBe(1234);
  });
});
