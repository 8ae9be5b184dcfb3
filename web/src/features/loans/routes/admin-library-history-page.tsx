import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type LibraryFilter, useAdminLibraryHistory } from '../api/library';
import { useBookLogColumns } from '../components/book-log-columns';

/**
 * AdminLibraryHistory (/admin/library/history/:objFilter?, document 3): every book loan, or with `due`
 * only the books out past their due time (the bookExpired warning links here).
 */
export default function AdminLibraryHistoryPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const filter: LibraryFilter = useParams().objFilter === 'due' ? 'due' : 'all';
  const [page, setPage] = useState(1);
  const history = useAdminLibraryHistory(filter, page);
  return (
    <Stack>
      <Title order={2}>
        <Trans>圖書借還紀錄</Trans>
      </Title>
      <Group>
        <Anchor component={Link} to="/library/counter">
          <Trans>櫃台借還書</Trans>
        </Anchor>
        <Anchor component={Link} to="/admin/library/books">
          <Trans>書籍管理</Trans>
        </Anchor>
      </Group>
      <SegmentedControl
        value={filter}
        onChange={(value) => {
          setPage(1);
          void navigate(`/admin/library/history/${value}`);
        }}
        data={[
          { value: 'all', label: t`全部` },
          { value: 'due', label: t`逾期未還` },
        ]}
      />
      <PagedLogTable
        caption={t`圖書借還紀錄`}
        columns={useBookLogColumns(true)}
        query={history}
        rowKey={(log) => log.pk}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
