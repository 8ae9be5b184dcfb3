import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type Sensor, useFluxSeries, useTempRh } from '../api/darkroom-devices';
import { ClimateChart } from '../components/climate-chart';

const TAIPEI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The day in the URL, else today in Taipei, as a UTC-midnight Date (the calendar day, no time zone). */
function dayFromParams(params: { yyyy?: string; mm?: string; dd?: string }): Date {
  const { yyyy, mm, dd } = params;
  if (yyyy && mm && dd) {
    const day = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
    if (!Number.isNaN(day.getTime()) && day.getUTCDate() === Number(dd)) return day;
  }
  const local = new Date(Date.now() + TAIPEI_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}

function SensorBlock({ sensor, day }: { sensor: Sensor; day: Date }) {
  const { t } = useLingui();
  const date = { yyyy: day.getUTCFullYear(), mm: day.getUTCMonth() + 1, dd: day.getUTCDate() };
  const temperature = useFluxSeries(sensor.key, 'temperature', date);
  const humidity = useFluxSeries(sensor.key, 'humidity', date);
  return (
    <Card withBorder component="section" aria-label={sensor.name}>
      <Stack>
        <Title order={3}>{sensor.name}</Title>
        {sensor.status === 'ok' && sensor.temperature !== null && sensor.humidity !== null ? (
          <Group gap="xl">
            <Text size="xl" fw={700}>
              {t`溫度`} {sensor.temperature.toFixed(1)} °C
            </Text>
            <Text size="xl" fw={700}>
              {t`濕度`} {Math.round(sensor.humidity)} %
            </Text>
          </Group>
        ) : (
          <Alert color="red" role="alert">
            <Trans>目前數值暫時無法取得</Trans>
          </Alert>
        )}
        {temperature.isPending || humidity.isPending ? (
          <PageLoader />
        ) : temperature.isError || humidity.isError ? (
          <LoadFailed
            onRetry={() => {
              void temperature.refetch();
              void humidity.refetch();
            }}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ClimateChart title={t`溫度 (°C)`} series={temperature.data.series} unit="°C" color="red.6" />
            <ClimateChart title={t`濕度 (%)`} series={humidity.data.series} unit="%" color="blue.6" />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** AdminSystemTempRH (document 3): the darkroom's temperature and humidity, one Taipei day at a time. */
export default function AdminTempRhPage() {
  const { t, i18n } = useLingui();
  const params = useParams();
  const navigate = useNavigate();
  const links = useRouteLinks();
  const day = dayFromParams(params);
  const sensors = useTempRh();
  const go = (offsetDays: number) => {
    const next = new Date(day.getTime() + offsetDays * DAY_MS);
    navigate(
      links.pathOf('AdminSystemTempRH', {
        yyyy: next.getUTCFullYear(),
        mm: String(next.getUTCMonth() + 1).padStart(2, '0'),
        dd: String(next.getUTCDate()).padStart(2, '0'),
      }),
    );
  };
  const weekday = new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', timeZone: 'UTC' }).format(day);
  const dateText = `${day.toISOString().slice(0, 10)} (${weekday})`;
  return (
    <Stack>
      <Title order={2}>
        <Trans>暗房溫濕度</Trans>
      </Title>
      <Group justify="space-between">
        <Button variant="default" onClick={() => go(-1)}>
          <Trans>前一天</Trans>
        </Button>
        <Text fw={600} aria-live="polite" data-testid="temprh-date">
          {dateText}
        </Text>
        <Button variant="default" onClick={() => go(1)} aria-label={t`後一天`}>
          <Trans>後一天</Trans>
        </Button>
      </Group>
      {sensors.isPending ? (
        <PageLoader />
      ) : sensors.isError ? (
        <LoadFailed onRetry={() => void sensors.refetch()} />
      ) : (
        sensors.data.loglist
          .filter((sensor) => sensor.key === 'darkroom')
          .map((sensor) => <SensorBlock key={sensor.key} sensor={sensor} day={day} />)
      )}
    </Stack>
  );
}
