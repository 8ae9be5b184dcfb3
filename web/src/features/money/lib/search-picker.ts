// The search picker's matching (spec doc 2, sections 4, 5 and 9), for the user kind: the text is trimmed
// and full-width characters become half-width; an entry matches when any word of the text is found in one
// of its keys (pk, pkstr, semester, name, shortname); matches are ranked by the spec's scoring and at most
// 6 are shown. Pure, so it is unit-tested without the page.

/** At most this many matches are shown (spec doc 2, section 9). */
export const PICKER_MAX_MATCHES = 6;

export interface PickerEntry {
  pk: number;
  pkstr: string;
  semester: string;
  name: string;
  shortname: string;
  prefix: boolean;
}

/** Full-width ASCII (Ｕ００１０１, full-width space) to half-width. */
export function toHalfWidth(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (character) => String.fromCharCode(character.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ');
}

/** The search text as the picker compares it: half-width, trimmed, lower case. */
export const normalizeSearch = (text: string): string => toHalfWidth(text).trim().toLowerCase();

const keysOf = (entry: PickerEntry): string[] =>
  [String(entry.pk), entry.pkstr, entry.semester, entry.name, entry.shortname]
    .map((key) => key.toLowerCase())
    .filter((key) => key !== '');

/**
 * The spec's score of one entry: an exact key match adds 100 plus 3 times the squared text length;
 * each word adds its squared length for every key it is found in; a key that starts with the text is
 * reduced by 2 times the squared length. Null when no word is found at all (not a match).
 */
export function pickerScore(entry: PickerEntry, search: string): number | null {
  const text = normalizeSearch(search);
  if (text === '') return null;
  const words = text.split(/\s+/);
  let score = 0;
  let hits = 0;
  for (const key of keysOf(entry)) {
    if (key === text) score += 100 + 3 * text.length ** 2;
    for (const word of words) {
      if (key.includes(word)) {
        score += word.length ** 2;
        hits += 1;
      }
    }
    if (key.startsWith(text)) score -= 2 * text.length ** 2;
  }
  return hits === 0 ? null : score;
}

/**
 * The matches to show, best first (ties keep the list's order). `humanOnly` leaves out the club's
 * accounts (entries with a prefix).
 */
export function pickerMatches<Entry extends PickerEntry>(
  entries: readonly Entry[],
  search: string,
  options: { humanOnly?: boolean; limit?: number } = {},
): Entry[] {
  const scored: { entry: Entry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    if (options.humanOnly && entry.prefix) return;
    const score = pickerScore(entry, search);
    if (score !== null) scored.push({ entry, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, options.limit ?? PICKER_MAX_MATCHES).map(({ entry }) => entry);
}
