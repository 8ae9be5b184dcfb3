// The search picker's matching for the user kind: the shared picker's scoring (shared/search-picker)
// with the user keys (pk, pkstr, semester, name, shortname). Kept here so the money pages' imports stay.
import {
  PICKER_MAX_MATCHES,
  normalizeSearch,
  rankMatches,
  scoreKeys,
  toHalfWidth,
} from '../../../shared/search-picker/scoring';
import { userKind, type UserEntry } from '../../../shared/search-picker/kinds';

export { normalizeSearch, PICKER_MAX_MATCHES, toHalfWidth };

export type PickerEntry = UserEntry;

/** The spec's score of one entry (shared/search-picker/scoring.ts), null when it does not match. */
export const pickerScore = (entry: PickerEntry, search: string): number | null =>
  scoreKeys(userKind.keysOf(entry), search)?.score ?? null;

/** The matches to show, best first; `humanOnly` leaves out the club's accounts (entries with a prefix). */
export const pickerMatches = <Entry extends PickerEntry>(
  entries: readonly Entry[],
  search: string,
  options: { humanOnly?: boolean; limit?: number } = {},
): Entry[] => rankMatches(entries, search, { keysOf: userKind.keysOf, ...options });
