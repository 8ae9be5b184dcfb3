// The searchable kinds (document 2: user, book, stock, sharingpaper, property): each kind's entry as the
// typeahead call answers it, the keys the picker searches, and how a choice is shown.
import type * as money from '@club/api/contracts/money';
import type * as typeahead from '@club/api/contracts/typeahead';
import type { OkOf } from '@club/api/contracts/shared';
import { normalizeSearch } from './scoring';

export type UserEntry = OkOf<typeof money.userSearchList>['searchlist'][number];
export type BookEntry = OkOf<typeof typeahead.bookSearchList>['searchlist'][number];
export type StockEntry = OkOf<typeof typeahead.stockSearchList>['searchlist'][number];
export type SharingpaperEntry = OkOf<typeof typeahead.sharingpaperSearchList>['searchlist'][number];
export type PropertyEntry = OkOf<typeof typeahead.propertySearchList>['searchlist'][number];

export interface PickerKind<Entry> {
  /** `search`: the text typed, for kinds whose keys depend on it (stock barcodes). */
  keysOf: (entry: Entry, search?: string) => readonly string[];
  labelOf: (entry: Entry) => string;
}

export const userKind: PickerKind<UserEntry> = {
  keysOf: (entry) => [String(entry.pk), entry.pkstr, entry.semester, entry.name, entry.shortname],
  labelOf: (entry) => `${entry.name} (${entry.pkstr})`,
};

export const bookKind: PickerKind<BookEntry> = {
  keysOf: (entry) => [
    String(entry.pk),
    entry.barcode,
    entry.isbn,
    entry.title,
    entry.author,
    entry.publisher,
  ],
  labelOf: (entry) => `${entry.title} (${entry.barcode})`,
};

/** A barcode is matched only once this many characters are typed (document 3, section 5). */
export const STOCK_BARCODE_MIN_SEARCH = 4;

export const stockKind: PickerKind<StockEntry> = {
  keysOf: (entry, search) => [
    String(entry.pk),
    entry.name,
    ...(normalizeSearch(search ?? '').length >= STOCK_BARCODE_MIN_SEARCH
      ? [...entry.barcodelist, ...(entry.pkstr ? [entry.pkstr] : [])]
      : []),
  ],
  labelOf: (entry) => entry.name,
};

export const sharingpaperKind: PickerKind<SharingpaperEntry> = {
  keysOf: (entry) => [String(entry.pk), entry.barcode, entry.stock.name],
  labelOf: (entry) => `${entry.stock.name} (${entry.barcode})`,
};

export const propertyKind: PickerKind<PropertyEntry> = {
  keysOf: (entry) => [String(entry.pk), entry.pkstr, entry.name],
  labelOf: (entry) => `${entry.name} (${entry.pkstr})`,
};
