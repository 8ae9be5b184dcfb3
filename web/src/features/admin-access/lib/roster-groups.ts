// How AdminMemberStaffWorkshopList groups its entries (spec doc 3, section 2.2): members by identity
// group, staff by position (the server lists them in the club's position order), workshops by kind. Pure,
// so it is unit-tested without the page.
import { identityGroups } from '@club/core/access/identity-groups';
import { workshopKinds } from '@club/core/access/workshop-roster';

export interface EntryGroup<Entry> {
  key: string;
  entries: Entry[];
}

/**
 * Groups entries by `keyOf`, groups in the order their first entry appears (the server's order), entries
 * in their order within each group.
 */
export function groupInOrder<Entry>(
  entries: readonly Entry[],
  keyOf: (entry: Entry) => string,
): EntryGroup<Entry>[] {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups].map(([key, grouped]) => ({ key, entries: grouped }));
}

export type DisplayLanguage = 'zh' | 'en';

export const displayLanguage = (locale: string): DisplayLanguage => (locale === 'en' ? 'en' : 'zh');

/** The label of a member identity group (1–5 university year, 11 master, ...; 0 unknown). */
export function identityGroupLabel(group: number, language: DisplayLanguage): string {
  const info = identityGroups.find((entry) => entry.group === group);
  if (!info) return String(group);
  return language === 'en' ? info.labelEn : info.labelZh;
}

/** The name of a workshop kind (1 darkroom, 2 digital darkroom, 3 photography, 4 image, 5 large format). */
export function workshopName(kind: number, language: DisplayLanguage): string {
  const info = workshopKinds.find((entry) => entry.kind === kind);
  if (!info) return String(kind);
  return language === 'en' ? info.nameEn : info.nameZh;
}

/** The workshop kinds for a select, in order. */
export const workshopChoices = (language: DisplayLanguage) =>
  workshopKinds.map((info) => ({
    value: String(info.kind),
    label: language === 'en' ? info.nameEn : info.nameZh,
  }));
