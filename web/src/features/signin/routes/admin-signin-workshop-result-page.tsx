import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { useAttendance, useWorkshopList } from '../api/signin';
import { workshopKindNames } from '../lib/messages';

/** The attendance table of one workshop: people × class sheets, the count and the deposit deduction. */
function AttendanceTable({ semester, kind }: { semester: string; kind: number }) {
  const { t, i18n } = useLingui();
  const attendance = useAttendance(semester, kind);
  if (attendance.isPending) return <PageLoader />;
  if (attendance.isError) return <LoadFailed onRetry={() => void attendance.refetch()} />;
  const { userList, columnList, signinList } = attendance.data;
  const kindName = i18n._(workshopKindNames[kind] ?? workshopKindNames[1]!);
  if (columnList.length === 0)
    return (
      <Text c="dimmed">
        <Trans>這個工作坊還沒有課堂簽到表</Trans>
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        <Trans>出席少於 7 堂者，每缺一堂扣押金 100 元（最多扣 500 元）。</Trans>
      </Text>
      <ScrollTable caption={t`${semester} ${kindName}工作坊出席`}>
        <Table striped withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>社員</Trans>
              </Table.Th>
              {signinList.map((sheet, index) => (
                <Table.Th key={sheet.pk} title={sheet.title}>
                  {index + 1}
                </Table.Th>
              ))}
              <Table.Th>
                <Trans>出席</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>扣押金</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {userList.map((row) => (
              <Table.Tr key={row.user.pk}>
                <Table.Td>
                  {row.user.name}
                  {!row.onRoster && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      <Trans>(不在名單)</Trans>
                    </Text>
                  )}
                </Table.Td>
                {signinList.map((sheet, index) => (
                  <Table.Td key={sheet.pk} ta="center">
                    {row.attended[index] ? '✓' : '·'}
                  </Table.Td>
                ))}
                <Table.Td>{row.attendedCount}</Table.Td>
                <Table.Td data-deduction={row.deductionNtd}>{row.deductionNtd}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

/**
 * AdminSignInWorkshopResult (/admin/signin/workshop/:semester/:workshopKind?, document 3): the semesters and
 * workshop kinds that have class sheets, then the attendance table of one.
 */
export default function AdminSignInWorkshopResultPage() {
  const { i18n } = useLingui();
  const links = useRouteLinks();
  const params = useParams();
  const semester = params.semester ?? '';
  const kind =
    params.workshopKind && /^[1-5]$/.test(params.workshopKind) ? Number(params.workshopKind) : null;
  const list = useWorkshopList();
  return (
    <Stack>
      <Title order={2}>
        <Trans>工作坊簽到結果</Trans>
      </Title>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed">
          <Trans>還沒有工作坊課堂簽到表</Trans>
        </Text>
      ) : (
        <Group gap="sm">
          {list.data.map((item) => (
            <Anchor
              key={`${item.semester}-${item.kind}`}
              component={Link}
              fw={item.semester === semester && item.kind === kind ? 700 : 400}
              to={links.pathOf('AdminSignInWorkshopResult', {
                semester: item.semester,
                workshopKind: item.kind,
              })}
            >
              {item.semester} {i18n._(workshopKindNames[item.kind] ?? workshopKindNames[1]!)} ({item.sheets})
            </Anchor>
          ))}
        </Group>
      )}
      {kind !== null && <AttendanceTable key={`${semester}-${kind}`} semester={semester} kind={kind} />}
    </Stack>
  );
}
