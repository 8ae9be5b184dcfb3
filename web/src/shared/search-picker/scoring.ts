// The search picker's matching for every kind (document 2, sections 4, 5, 9): the text is trimmed and
// full-width characters become half-width; an entry matches when a word of the text is found in one of
// its keys; matches are ranked by the spec's scoring and at most 6 are shown. Pure, property-tested.
//
// Score of an entry, summed over its keys (L the text's length, w a word's length):
//   exact key (the key is the whole text)          +100
//   whole-value hit (the key contains the text)     +3 L²
//   each word found in the key                      +w² per hit
//   key starts with the text                        −2 L²
// Decision (docs/api.md, search picker): an exact key match ranks before every entry without one. The
// +100 is meant to do that, but summed over five keys a long text found in many keys could outscore it.

/** At most this many matches are shown (document 2, section 9). */
export const PICKER_MAX_MATCHES = 6;

/** Full-width ASCII (Ｕ００１０１, the ideographic space) to half-width. */
export function toHalfWidth(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (character) => String.fromCharCode(character.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ');
}

/** Text as the picker compares it: half-width, trimmed, lower case. */
export const normalizeSearch = (text: string): string => toHalfWidth(text).trim().toLowerCase();

export interface ScoredKeys {
  score: number;
  exact: boolean;
}

/** The score of an entry with these keys, or null when no word of the text is found (not a match). */
export function scoreKeys(keys: readonly string[], search: string): ScoredKeys | null {
  const text = normalizeSearch(search);
  if (text === '') return null;
  const words = text.split(/\s+/);
  const squared = text.length ** 2;
  let score = 0;
  let hits = 0;
  let exact = false;
  for (const rawKey of keys) {
    const key = normalizeSearch(rawKey);
    if (key === '') continue;
    if (key === text) {
      score += 100;
      exact = true;
    }
    if (key.includes(text)) score += 3 * squared;
    for (const word of words) {
      if (key.includes(word)) {
        score += word.length ** 2;
        hits += 1;
      }
    }
    if (key.startsWith(text)) score -= 2 * squared;
  }
  return hits === 0 ? null : { score, exact };
}

export interface MatchOptions<Entry> {
  /** The keys an entry is searched by; `search` lets a kind leave out keys a short text must not match. */
  keysOf: (entry: Entry, search: string) => readonly string[];
  /** The human-only option: leaves out entries with a prefix (the club's accounts). */
  humanOnly?: boolean;
  limit?: number;
}

/** The matches to show, best first (exact key matches first; ties keep the list's order). */
export function rankMatches<Entry>(
  entries: readonly Entry[],
  search: string,
  options: MatchOptions<Entry>,
): Entry[] {
  const scored: { entry: Entry; score: number; exact: boolean; index: number }[] = [];
  entries.forEach((entry, index) => {
    if (options.humanOnly && (entry as { prefix?: unknown }).prefix === true) return;
    const result = scoreKeys(options.keysOf(entry, search), search);
    if (result !== null) scored.push({ entry, ...result, index });
  });
  scored.sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score || a.index - b.index);
  return scored.slice(0, options.limit ?? PICKER_MAX_MATCHES).map(({ entry }) => entry);
}
