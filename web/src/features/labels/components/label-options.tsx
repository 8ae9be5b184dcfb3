import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Group, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { LabelKindKey } from '../lib/label-rules';

/** The label's options as the page keeps them (document 2, section 3: label request). */
export interface LabelOptionValues {
  comment: string;
  namereplace: string;
  expdate: string;
  datetoday: boolean;
  timetoday: boolean;
  landscape: boolean;
  simple: boolean;
  rounded: boolean;
  selectlogo: string;
  location: string;
}

export const defaultOptions: LabelOptionValues = {
  comment: '',
  namereplace: '',
  expdate: '',
  datetoday: false,
  timetoday: false,
  landscape: false,
  simple: false,
  rounded: false,
  selectlogo: 'club',
  location: 'ntup',
};

/** The option controls; the location and logo choices are for the special user only (pk 2). */
export function LabelOptions({
  kind,
  values,
  onChange,
  special,
  expdateError,
}: {
  kind: LabelKindKey;
  values: LabelOptionValues;
  onChange: (values: LabelOptionValues) => void;
  special: boolean;
  expdateError: string | null;
}) {
  const { t } = useLingui();
  const set = <Key extends keyof LabelOptionValues>(key: Key, value: LabelOptionValues[Key]) =>
    onChange({ ...values, [key]: value });
  return (
    <Stack gap="sm">
      <TextInput
        label={t`備註`}
        maxLength={40}
        value={values.comment}
        onChange={(event) => set('comment', event.currentTarget.value)}
      />
      {kind !== 'test' && (
        <TextInput
          label={t`替換名稱`}
          description={t`印在標籤上取代名稱的文字`}
          maxLength={40}
          value={values.namereplace}
          onChange={(event) => set('namereplace', event.currentTarget.value)}
        />
      )}
      {(kind === 'stock' || kind === 'any') && (
        <TextInput
          label={t`底片效期`}
          description={t`格式 YYYY.MM，或填 auto，或留空`}
          placeholder="2027.05"
          value={values.expdate}
          error={expdateError}
          onChange={(event) => set('expdate', event.currentTarget.value)}
        />
      )}
      <Group gap="lg">
        <Checkbox
          label={t`今天日期`}
          checked={values.datetoday}
          onChange={(event) => set('datetoday', event.currentTarget.checked)}
        />
        <Checkbox
          label={t`現在時間`}
          checked={values.timetoday}
          onChange={(event) => set('timetoday', event.currentTarget.checked)}
        />
      </Group>
      <Group gap="lg">
        <Switch
          label={t`橫式`}
          checked={values.landscape}
          onChange={(event) => set('landscape', event.currentTarget.checked)}
        />
        <Switch
          label={t`簡易`}
          checked={values.simple}
          onChange={(event) => set('simple', event.currentTarget.checked)}
        />
        <Switch
          label={t`圓角`}
          checked={values.rounded}
          onChange={(event) => set('rounded', event.currentTarget.checked)}
        />
      </Group>
      {special && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            <Trans>列印地點</Trans>
          </Text>
          <SegmentedControl
            aria-label={t`列印地點`}
            data={[
              { value: 'ntup', label: 'ntup' },
              { value: 'sql', label: 'sql' },
            ]}
            value={values.location}
            onChange={(value) => set('location', value)}
          />
          <Select
            label={t`標誌`}
            data={[
              { value: 'club', label: t`社團標誌` },
              { value: 'ntu', label: t`學校標誌` },
              { value: 'none', label: t`不印標誌` },
            ]}
            value={values.selectlogo}
            onChange={(value) => set('selectlogo', value ?? 'club')}
            allowDeselect={false}
          />
        </Stack>
      )}
    </Stack>
  );
}
