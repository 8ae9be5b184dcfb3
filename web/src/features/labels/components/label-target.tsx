import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchList } from '../../../shared/search-picker/api';
import {
  bookKind,
  type PickerKind,
  propertyKind,
  sharingpaperKind,
  stockKind,
  userKind,
} from '../../../shared/search-picker/kinds';
import { SearchPicker } from '../../../shared/search-picker/search-picker';
import type { SearchUser } from '../api/labels';
import type { LabelKindKey } from '../lib/label-rules';

type Listed = Exclude<LabelKindKey, 'user' | 'test' | 'any'>;

const pickerKinds: { readonly [Kind in Listed]: PickerKind<{ pk: number }> } = {
  book: bookKind as PickerKind<{ pk: number }>,
  stock: stockKind as PickerKind<{ pk: number }>,
  sharingpaper: sharingpaperKind as PickerKind<{ pk: number }>,
  property: propertyKind as PickerKind<{ pk: number }>,
};

/**
 * The target of a book, stock, sharing-paper or property label: the search picker over its list, or,
 * while that list is empty (its domain is not built yet), the id typed in.
 */
function ListedTarget({
  kind,
  value,
  onChange,
}: {
  kind: Listed;
  value: string;
  onChange: (pk: string) => void;
}) {
  const { t } = useLingui();
  const list = useSearchList(kind);
  const entries = (list.data ?? []) as { pk: number }[];
  if (entries.length === 0)
    return (
      <TextInput
        label={t`編號`}
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  return (
    <SearchPicker
      kind={pickerKinds[kind]}
      entries={entries}
      value={entries.find((entry) => String(entry.pk) === value) ?? null}
      onChange={(entry) => onChange(entry ? String(entry.pk) : '')}
      label={t`搜尋對象`}
    />
  );
}

/** Who or what the label is for, by kind (test labels have no target; any takes free text). */
export function LabelTarget({
  kind,
  users,
  value,
  onChange,
}: {
  kind: LabelKindKey;
  users: readonly SearchUser[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const humans = useMemo(() => users.filter((entry) => !entry.prefix), [users]);
  switch (kind) {
    case 'user':
      return (
        <SearchPicker
          kind={userKind}
          entries={humans}
          value={humans.find((entry) => String(entry.pk) === value) ?? null}
          onChange={(entry) => onChange(entry ? String(entry.pk) : '')}
          label={t`社員`}
          humanOnly
          nothingFound={t`找不到使用者`}
        />
      );
    case 'any':
      return (
        <TextInput
          label={t`標籤文字`}
          maxLength={40}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'test':
      return null;
    default:
      return <ListedTarget kind={kind} value={value} onChange={onChange} />;
  }
}
