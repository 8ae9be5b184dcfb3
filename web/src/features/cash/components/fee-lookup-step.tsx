import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import type { FeeCollectionRow } from '../api/fee-collection';
import { TodaysCollections } from './todays-collections';

/** Step 2: the payer's student ID or mobile number, and the list of today's collections. */
export function FeeLookupStep({
  keyword,
  onKeywordChange,
  onNext,
  busy,
  onReceipt,
}: {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  onNext: () => void;
  busy: boolean;
  onReceipt: (row: FeeCollectionRow, loglist: FeeCollectionRow[]) => void;
}) {
  const { t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  return (
    <Stack>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label={t`學號或手機`}
            description={t`學號：字母與 8 碼；手機：10 碼數字`}
            value={keyword}
            // The input is shown upper-cased as it is typed (the spec upper-cases and trims it).
            onChange={(event) => onKeywordChange(event.currentTarget.value.toUpperCase())}
            autoComplete="off"
            data-autofocus
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={busy}>
            <Trans>下一步</Trans>
          </Button>
        </Group>
      </Paper>
      <TodaysCollections onReceipt={onReceipt} />
    </Stack>
  );
}
