import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { PagedLogTable } from '../../../shared/ui/paged-log-table';
import { useUserPropertyHistory } from '../api/property';
import { EquipmentRules } from '../components/library-rules';
import { usePropertyLogColumns } from '../components/property-log-columns';

/** UserPropertyHistory (/user/property/history, document 1): the member's equipment loans. */
export default function UserPropertyHistoryPage() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const history = useUserPropertyHistory(page);
  return (
    <Stack>
      <Title order={2}>
        <Trans>器材借用紀錄</Trans>
      </Title>
      <EquipmentRules />
      <PagedLogTable
        caption={t`器材借用紀錄`}
        columns={usePropertyLogColumns(false)}
        query={history}
        rowKey={(log) => log.pk}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
