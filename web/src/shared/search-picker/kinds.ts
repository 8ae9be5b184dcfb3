// The searchable kinds (document 2: user, book, stock, sharingpaper, property): each kind's entry as the
// typeahead call answers it, the keys the picker searches, and how a choice is shown.
import type * as money from '@club/api/contracts/money';
import type * as typeahead from '@club/api/contracts/typeahead';
import type { OkOf } from '@club/api/contracts/shared';

export type UserEntry = OkOf<typeof money.userSearchList>['searchlist'][number];
export type BookEntry = OkOf<typeof typeahead.bookSearchList>['searchlist'][number];
export type StockEntry = OkOf<typeof typeahead.stockSearchList>['searchlist'][number];
export type SharingpaperEntry = OkOf<typeof typeahead.sharingpaperSearchList>['searchlist'][number];
export type PropertyEntry = OkOf<typeof typeahead.propertySearchList>['searchlist'][number];

export interface PickerKind<Entry> {
  keysOf: (entry: Entry) => readonly string[];
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

export const stockKind: PickerKind<StockEntry> = {
  keysOf: (entry) => [String(entry.pk), entry.name, ...entry.barcodelist],
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
