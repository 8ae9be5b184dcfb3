import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useRef, useState } from 'react';
import { createEnterGuard } from './ime-enter';
import type { PickerKind } from './kinds';
import { rankMatches } from './scoring';

/**
 * The search picker for any kind (document 2, sections 4 and 5): a search state and a chosen state.
 * Typing searches (at most 6 matches ranked by the spec's scoring); Esc restores the previous choice;
 * leaving the field with exactly one match chooses it; Enter during an IME composition (and 100 ms
 * after it) is ignored; a required picker left empty shows 'check format'.
 */
export function SearchPicker<Entry extends { pk: number }>({
  kind,
  entries,
  value,
  onChange,
  label,
  description,
  nothingFound,
  humanOnly = false,
  required = false,
  disabled = false,
}: {
  kind: PickerKind<Entry>;
  entries: readonly Entry[];
  value: Entry | null;
  onChange: (entry: Entry | null) => void;
  label: string;
  description?: string;
  nothingFound?: string;
  humanOnly?: boolean;
  required?: boolean;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState(value ? kind.labelOf(value) : '');
  const [touched, setTouched] = useState(false);
  const guard = useRef(createEnterGuard()).current;
  const showingChoice = value !== null && search === kind.labelOf(value);
  const options = { keysOf: kind.keysOf, humanOnly };
  const matches = showingChoice ? [value] : rankMatches(entries, search, options);
  const choose = (entry: Entry | null) => {
    onChange(entry);
    setSearch(entry ? kind.labelOf(entry) : '');
  };
  const restore = () => setSearch(value ? kind.labelOf(value) : '');
  return (
    <div
      onCompositionStart={() => guard.compositionStart()}
      onCompositionEnd={(event) => guard.compositionEnd(event.timeStamp)}
      onKeyDownCapture={(event) => {
        if (event.key !== 'Enter') return;
        if (guard.ignoresEnter(event.timeStamp, event.nativeEvent.isComposing)) {
          // The Enter that ends a composition chooses nothing: stop it before the select sees it.
          event.preventDefault();
          event.stopPropagation();
          return;
        }
        setTouched(true);
      }}
    >
      <Select
        label={label}
        description={description ?? t`輸入姓名或編號搜尋`}
        searchable
        required={required}
        disabled={disabled}
        data={matches.map((entry) => ({ value: String(entry.pk), label: kind.labelOf(entry) }))}
        // The data is already matched and ranked here.
        filter={({ options: shown }) => shown}
        value={value ? String(value.pk) : null}
        onChange={(pk) => choose(entries.find((entry) => String(entry.pk) === pk) ?? null)}
        searchValue={search}
        onSearchChange={setSearch}
        onKeyDown={(event) => {
          if (event.key === 'Escape') restore();
        }}
        onBlur={() => {
          setTouched(true);
          if (showingChoice) return;
          const found = rankMatches(entries, search, options);
          if (found.length === 1) choose(found[0]!);
          else restore();
        }}
        error={required && touched && value === null ? t`檢查格式` : undefined}
        nothingFoundMessage={
          search.trim() === '' ? t`輸入姓名或編號搜尋` : (nothingFound ?? t`找不到符合的項目`)
        }
      />
    </div>
  );
}
