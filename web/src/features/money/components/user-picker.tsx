import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { type PickerKind, userKind } from '../../../shared/search-picker/kinds';
import { SearchPicker } from '../../../shared/search-picker/search-picker';
import type { SearchUser } from '../api/money';
import { displayLocale, partyLabel } from '../lib/money-display';

/**
 * The search picker for people and club accounts: the shared picker (shared/search-picker) with the user
 * keys, showing club accounts in the page's language.
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
  const kind = useMemo<PickerKind<SearchUser>>(
    () => ({ keysOf: userKind.keysOf, labelOf: (entry) => partyLabel(entry, locale) }),
    [locale],
  );
  return (
    <SearchPicker
      kind={kind}
      entries={entries}
      value={value}
      onChange={onChange}
      label={label}
      humanOnly={humanOnly}
      nothingFound={t`找不到使用者`}
    />
  );
}
