import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useState } from 'react';
import type { SearchUser } from '../api/money';
import { displayLocale, partyLabel } from '../lib/money-display';
import { pickerMatches } from '../lib/search-picker';

/**
 * The search picker for people and club accounts (doc 2, sections 4 and 5): typing searches, at most 6
 * matches ranked by the spec's scoring; Esc restores the previous choice; leaving the field with exactly
 * one match chooses it.
 */
export function UserPicker({
  entries,
  value,
  onChange,
  label,
  humanOnly = false,
}: {
  entries: readonly SearchUser[];
  value: SearchUser | null;
  onChange: (entry: SearchUser | null) => void;
  label: string;
  humanOnly?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = displayLocale(i18n.locale);
  const labelOf = (entry: SearchUser) => partyLabel(entry, locale);
  const [search, setSearch] = useState(value ? labelOf(value) : '');
  const showingChoice = value !== null && search === labelOf(value);
  const matches = showingChoice ? [value] : pickerMatches(entries, search, { humanOnly });
  const choose = (entry: SearchUser | null) => {
    onChange(entry);
    setSearch(entry ? labelOf(entry) : '');
  };
  return (
    <Select
      label={label}
      description={t`輸入姓名或編號搜尋`}
      searchable
      data={matches.map((entry) => ({ value: String(entry.pk), label: labelOf(entry) }))}
      // The data is already matched and ranked here.
      filter={({ options }) => options}
      value={value ? String(value.pk) : null}
      onChange={(pk) => choose(entries.find((entry) => String(entry.pk) === pk) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setSearch(value ? labelOf(value) : '');
      }}
      onBlur={() => {
        if (showingChoice) return;
        const found = pickerMatches(entries, search, { humanOnly });
        if (found.length === 1) choose(found[0]!);
        else setSearch(value ? labelOf(value) : search);
      }}
      nothingFoundMessage={search.trim() === '' ? t`輸入姓名或編號搜尋` : t`找不到使用者`}
    />
  );
}
