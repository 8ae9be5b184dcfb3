import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type PersonRef, usePeopleSearch } from '../api/user-search';

const personLabel = (person: PersonRef) => `${person.name} (${person.pkstr})`;

/**
 * Picks a person by name, pkstr or pk, searched on the server after 500 ms (spec doc 3, section 5: user
 * search is debounced 500 ms). `extra` are people offered without a search (the current choice's
 * neighbours, such as a transaction's two parties).
 */
export function PersonPicker({
  label,
  value,
  onChange,
  extra = [],
  required = false,
  disabled = false,
}: {
  label: string;
  value: PersonRef | null;
  onChange: (person: PersonRef | null) => void;
  extra?: readonly PersonRef[];
  required?: boolean;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 500);
  const showingChoice = value !== null && search === personLabel(value);
  const found = usePeopleSearch(showingChoice ? '' : keyword);
  const candidates = new Map<number, PersonRef>();
  if (value) candidates.set(value.pk, value);
  for (const person of extra) candidates.set(person.pk, person);
  for (const person of found.data?.list ?? []) candidates.set(person.pk, person);
  return (
    <Select
      label={label}
      description={t`輸入姓名或編號搜尋`}
      searchable
      clearable
      required={required}
      disabled={disabled}
      data={[...candidates.values()].map((person) => ({
        value: String(person.pk),
        label: personLabel(person),
      }))}
      value={value ? String(value.pk) : null}
      onChange={(pk) => onChange(pk === null ? null : (candidates.get(Number(pk)) ?? null))}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={keyword.trim() === '' ? t`輸入姓名或編號搜尋` : t`找不到使用者`}
    />
  );
}
