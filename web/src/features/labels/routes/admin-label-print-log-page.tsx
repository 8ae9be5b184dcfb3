import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { NamedPagination } from '../../../shared/ui/named-pagination';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type LabelLogRow, useLabelPrintLog } from '../api/labels';
import { kindNames, logResultMessages } from '../components/label-messages';

const PATH = '/admin/system/label/print/log';

/** YYYY-MM-DD HH:mm on the Taipei clock. */
const taipeiTime = (iso: string): string =>
  new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

function DoneBadge({ row }: { row: LabelLogRow }) {
  if (row.done === null)
    return (
      <Badge color="gray.8" style={{ flex: 'none' }}>
        <Trans>列印中</Trans>
      </Badge>
    );
  return row.done ? (
    <Badge color="teal.9" style={{ flex: 'none' }}>
      <Trans>完成</Trans>
    </Badge>
  ) : (
    <Badge color="red.9" style={{ flex: 'none' }}>
      <Trans>失敗</Trans>
    </Badge>
  );
}

/** One print: the label as printed, who asked, the sheets, and the printer's result. */
function LogCard({ row }: { row: LabelLogRow }) {
  const { t, i18n } = useLingui();
  const known = logResultMessages[row.result];
  // The printer's own words (out of labels, ...) are shown as it reported them.
  const resultText = known ? i18n._(known) : row.result || '—';
  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={500}>
              {row.user.name} ({row.user.pkstr})
            </Text>
            <Text size="sm" c="dimmed">
              {taipeiTime(row.timestamp)} · {i18n._(kindNames[row.kind])} · {row.target}
            </Text>
          </div>
          <DoneBadge row={row} />
        </Group>
        <Image
          src={row.datauri}
          alt={t`${row.target} 的標籤`}
          fit="contain"
          mah={140}
          w="auto"
          maw="100%"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
        <Text size="sm">
          <Trans>
            {row.quantity} 張 · 收費 {row.charge} 元 · 結果：{resultText}
          </Trans>
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The label print log (/admin/system/label/print/log/:page?, document 3: done, quantity, result and the
 * image), newest first, for staff with the system authority. Cards rather than a table: the image is the
 * point, and a card fits a phone.
 */
export default function AdminLabelPrintLogPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const raw = Number(useParams().page ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const log = useLabelPrintLog(page);
  const pager = log.data?.pager;
  return (
    <Stack maw={720}>
      <Title order={2}>
        <Trans>標籤列印紀錄</Trans>
      </Title>
      {log.isPending ? (
        <PageLoader />
      ) : log.isError || log.data === undefined ? (
        <LoadFailed onRetry={() => void log.refetch()} />
      ) : log.data.loglist.length === 0 ? (
        <Text c="dimmed">
          <Trans>還沒有列印紀錄</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label={t`標籤列印紀錄`} p={0} m={0} style={{ listStyle: 'none' }}>
          {log.data.loglist.map((row) => (
            <LogCard key={row.pk} row={row} />
          ))}
        </Stack>
      )}
      {/* The pager shows only when there is more than one page (document 3, section 9). */}
      {pager !== undefined && pager.totalrows > pager.rowsperpage && (
        <Group justify="center">
          <NamedPagination
            total={Math.ceil(pager.totalrows / pager.rowsperpage)}
            value={page}
            onChange={(next) => void navigate(`${PATH}/${next}`)}
          />
        </Group>
      )}
    </Stack>
  );
}
