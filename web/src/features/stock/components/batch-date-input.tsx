import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import type { requiredDate } from '../lib/stock-forms';

/**
 * The batch's date in a purchase form: a manufacture date for E24 (required), otherwise the expiry date,
 * required for film (`requiredDate` of the stock's account prefix).
 */
export function BatchDateInput({
  needed,
  manufacturedate,
  expireddate,
  onChange,
}: {
  needed: ReturnType<typeof requiredDate>;
  manufacturedate: string;
  expireddate: string;
  onChange: (key: 'manufacturedate' | 'expireddate', value: string) => void;
}) {
  const { t } = useLingui();
  return needed === 'manufacture' ? (
    <TextInput
      label={t`製造日期（YYYY/MM）`}
      required
      value={manufacturedate}
      onChange={(event) => onChange('manufacturedate', event.currentTarget.value)}
    />
  ) : (
    <TextInput
      label={t`有效期限（YYYY/MM）`}
      required={needed === 'expiry'}
      value={expireddate}
      onChange={(event) => onChange('expireddate', event.currentTarget.value)}
    />
  );
}
