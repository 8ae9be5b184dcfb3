import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { NamedPagination } from '../../../shared/ui/named-pagination';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { useCurrentUser } from '../../../shared/session/current-user';
import { hasAuthority } from '../../../shared/session/user';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type GicleeFilter, useGicleeAction, useGicleeHistory } from '../api/giclee';
import { JobCard } from '../components/job-card';

/**
 * AdminGicleeJobHistory (/admin/giclee/job/history/:objFilter?, document 3): the inkjet printer's jobs,
 * all or only the unpaid, newest first, with the warning when the printer has been unreachable for over
 * 5 minutes. Staff pay a job for its member; transmodify expands a job's details and set calls.
 */
export default function AdminGicleeJobHistoryPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const filter: GicleeFilter = useParams().objFilter === 'notpaid' ? 'notpaid' : 'all';
  const [page, setPage] = useState(1);
  const history = useGicleeHistory(filter, page);
  const action = useGicleeAction();
  const { user } = useCurrentUser();
  const canModify = hasAuthority(user, 'transmodify');
  return (
    <Stack>
      <Title order={2}>
        <Trans>數位輸出紀錄</Trans>
      </Title>
      <SegmentedControl
        value={filter}
        onChange={(value) => {
          setPage(1);
          void navigate(`/admin/giclee/job/history/${value}`);
        }}
        data={[
          { value: 'all', label: t`全部` },
          { value: 'notpaid', label: t`未付款` },
        ]}
      />
      {history.isPending ? (
        <PageLoader />
      ) : history.isError || !history.data ? (
        <LoadFailed onRetry={() => void history.refetch()} />
      ) : (
        <>
          {history.data.cronError && (
            <Alert color="red" role="alert" title={t`無法連線到印表機超過 5 分鐘`}>
              <Trans>
                輸出紀錄可能不是最新的。最後更新時間：
                {history.data.updateTime ? formatTaipeiSeconds(history.data.updateTime) : t`從未`}
              </Trans>
            </Alert>
          )}
          {!history.data.cronError && history.data.updateTime && (
            <Text size="sm" c="dimmed">
              <Trans>最後更新時間：{formatTaipeiSeconds(history.data.updateTime)}</Trans>
            </Text>
          )}
          {history.data.loglist.length === 0 ? (
            <Text c="dimmed">
              <Trans>沒有紀錄</Trans>
            </Text>
          ) : (
            <Stack gap="xs">
              {history.data.loglist.map((job) => (
                <JobCard
                  key={job.pk}
                  job={job}
                  papers={history.data.paperlist}
                  canModify={canModify}
                  run={(input) => action.mutateAsync(input)}
                />
              ))}
            </Stack>
          )}
          {history.data.pager.totalrows > history.data.pager.rowsperpage && (
            <Group justify="center">
              <NamedPagination
                value={page}
                onChange={setPage}
                total={Math.ceil(history.data.pager.totalrows / history.data.pager.rowsperpage)}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
