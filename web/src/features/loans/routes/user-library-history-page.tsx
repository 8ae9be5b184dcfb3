import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { PagedLogTable } from '../../../shared/ui/paged-log-table';
import { useUserLibraryHistory } from '../api/library';
import { useBookLogColumns } from '../components/book-log-columns';
import { LibraryRules } from '../components/library-rules';

/** UserLibraryHistory (/user/library/history, document 1): the member's book loans, newest first. */
export default function UserLibraryHistoryPage() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const history = useUserLibraryHistory(page);
  return (
    <Stack>
      <Title order={2}>
        <Trans>借書紀錄</Trans>
      </Title>
      <LibraryRules />
      <PagedLogTable
        caption={t`借書紀錄`}
        columns={useBookLogColumns(false)}
        query={history}
        rowKey={(log) => log.pk}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
