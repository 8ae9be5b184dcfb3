import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type PropertyFilter, useAdminPropertyHistory } from '../api/property';
import { usePropertyLogColumns } from '../components/property-log-columns';

/**
 * AdminPropertyHistory (/admin/property/history/:objFilter?, document 3): every equipment loan, or with
 * `lendout` the items out now, the longest out first (the propertyLendOut warning links here).
 */
export default function AdminPropertyHistoryPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const filter: PropertyFilter = useParams().objFilter === 'lendout' ? 'lendout' : 'all';
  const [page, setPage] = useState(1);
  const history = useAdminPropertyHistory(filter, page);
  return (
    <Stack>
      <Title order={2}>
        <Trans>器材借還紀錄</Trans>
      </Title>
      <Group>
        <Anchor component={Link} to="/property/counter">
          <Trans>櫃台借還器材</Trans>
        </Anchor>
        <Anchor component={Link} to="/admin/property/list">
          <Trans>財產列表</Trans>
        </Anchor>
      </Group>
      <SegmentedControl
        value={filter}
        onChange={(value) => {
          setPage(1);
          void navigate(`/admin/property/history/${value}`);
        }}
        data={[
          { value: 'all', label: t`全部` },
          { value: 'lendout', label: t`借出中` },
        ]}
      />
      <PagedLogTable
        caption={t`器材借還紀錄`}
        columns={usePropertyLogColumns(true)}
        query={history}
        rowKey={(log) => log.pk}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
