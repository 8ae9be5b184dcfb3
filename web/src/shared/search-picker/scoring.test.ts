// The picker's scoring rules (document 2, section 9) as properties over random entries and texts, and
// the IME Enter guard.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEnterGuard, IME_SETTLE_MS } from './ime-enter';
import { stockKind } from './kinds';
import { normalizeSearch, PICKER_MAX_MATCHES, rankMatches, scoreKeys, toHalfWidth } from './scoring';

interface Entry {
  pk: number;
  keys: string[];
  prefix: boolean;
}
const keysOf = (entry: Entry) => entry.keys;
const letters = fc.string({
  unit: fc.constantFrom('a', 'b', 'c', '明', '小', '1', '-'),
  minLength: 1,
  maxLength: 6,
});
const entryArb = fc.record({
  pk: fc.nat(),
  keys: fc.array(letters, { minLength: 1, maxLength: 5 }),
  prefix: fc.boolean(),
});
const entriesArb = fc.array(entryArb, { maxLength: 30 });
const searchArb = fc.array(letters, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
/** Half-width ASCII text turned full-width, as a Chinese keyboard types it. */
const toFullWidth = (text: string) =>
  text
    .replace(/[!-~]/g, (character) => String.fromCharCode(character.charCodeAt(0) + 0xfee0))
    .replace(/ /g, '\u3000');

describe('search picker scoring', () => {
  it('adds the spec’s weights: exact key +100, whole-value hit 3L², each word w², key prefix −2L²', () => {
    // 'ab' is the whole key: +100, +3·4 (contains), +4 (word), −2·4 (prefix) = 108.
    expect(scoreKeys(['ab'], 'ab')).toEqual({ score: 108, exact: true });
    // Found inside: +3·4 + 4 = 16; at the start: 3·4 + 4 − 8 = 8.
    expect(scoreKeys(['xab'], 'ab')?.score).toBe(16);
    expect(scoreKeys(['abx'], 'ab')?.score).toBe(8);
    // Two words, each found in its own key: 1 + 4; the whole text is in neither key.
    expect(scoreKeys(['xa', 'bcx'], 'a bc')?.score).toBe(5);
    expect(scoreKeys(['xyz'], 'ab')).toBeNull();
  });

  it('ranks an exact key match before every entry without one', () => {
    // Summed alone, a long text found inside three keys (3 × (3·64 + 64) = 768) would beat the exact key
    // (100 + 192 + 64 − 128 = 228).
    const inside = { pk: 1, keys: ['xabcdefgh', 'yabcdefgh', 'zabcdefgh'], prefix: false };
    const exact = { pk: 2, keys: ['abcdefgh'], prefix: false };
    expect(rankMatches([inside, exact], 'abcdefgh', { keysOf }).map((entry) => entry.pk)).toEqual([2, 1]);
    fc.assert(
      fc.property(entriesArb, entryArb, searchArb, fc.nat(), (entries, exactEntry, search, at) => {
        const exact = {
          ...exactEntry,
          pk: -1,
          prefix: false,
          keys: [...exactEntry.keys, normalizeSearch(search)],
        };
        const list = [...entries];
        list.splice(at % (list.length + 1), 0, exact);
        const ranked = rankMatches(list, search, { keysOf, limit: list.length });
        const firstWithoutExact = ranked.findIndex((entry) => !scoreKeys(entry.keys, search)?.exact);
        const exactIndex = ranked.indexOf(exact);
        expect(exactIndex).toBeGreaterThanOrEqual(0);
        if (firstWithoutExact >= 0) expect(exactIndex).toBeLessThan(firstWithoutExact);
      }),
    );
  });

  it('never raises a score when an unrelated word is added', () => {
    fc.assert(
      fc.property(entryArb, searchArb, (entry, search) => {
        const unrelated = 'zzq';
        const before = scoreKeys(entry.keys, search);
        const after = scoreKeys(entry.keys, `${search} ${unrelated}`);
        if (before === null) expect(after).toBeNull();
        else expect(after?.score ?? Number.NEGATIVE_INFINITY).toBeLessThanOrEqual(before.score);
      }),
    );
  });

  it('shows at most 6, only matches, and no entry with a prefix for the human-only option', () => {
    fc.assert(
      fc.property(entriesArb, searchArb, fc.boolean(), (entries, search, humanOnly) => {
        const ranked = rankMatches(entries, search, { keysOf, humanOnly });
        expect(ranked.length).toBeLessThanOrEqual(PICKER_MAX_MATCHES);
        for (const entry of ranked) {
          expect(scoreKeys(entry.keys, search)).not.toBeNull();
          if (humanOnly) expect(entry.prefix).toBe(false);
        }
      }),
    );
  });

  it('treats full-width and padded text as the trimmed half-width text', () => {
    expect(toHalfWidth('Ｕ００１０１')).toBe('U00101');
    fc.assert(
      fc.property(entriesArb, searchArb, fc.constantFrom(' ', '\u3000', '\t'), (entries, search, pad) => {
        const plain = rankMatches(entries, search, { keysOf });
        expect(rankMatches(entries, toFullWidth(search), { keysOf })).toEqual(plain);
        expect(rankMatches(entries, `${pad}${search}${pad}`, { keysOf })).toEqual(plain);
      }),
    );
  });
});

describe('IME-safe Enter', () => {
  it('ignores Enter while composing and for 100 ms after, then takes it', () => {
    const guard = createEnterGuard();
    expect(guard.ignoresEnter(0, false)).toBe(false);
    guard.compositionStart();
    expect(guard.ignoresEnter(10, false)).toBe(true);
    guard.compositionEnd(1000);
    expect(guard.ignoresEnter(1000 + IME_SETTLE_MS - 1, false)).toBe(true);
    expect(guard.ignoresEnter(1000 + IME_SETTLE_MS, false)).toBe(false);
    expect(guard.ignoresEnter(5000, true)).toBe(true);
  });
});

describe('the stock kind', () => {
  const tape = { pk: 52, name: '棉質手套', barcodelist: ['4710001234567'], pkstr: 'S00052', prefix: 'J' };

  it('matches a barcode only once 4 characters are typed (document 3, section 5)', () => {
    const rank = (search: string) => rankMatches([tape], search, { keysOf: stockKind.keysOf });
    expect(rank('471')).toEqual([]);
    expect(rank('4710')).toEqual([tape]);
    expect(rank('S000')).toEqual([tape]);
    expect(rank('52')).toEqual([tape]);
    expect(rank('手套')).toEqual([tape]);
  });
});
