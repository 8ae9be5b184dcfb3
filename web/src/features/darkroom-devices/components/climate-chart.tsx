import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Trans } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import type { FluxSeries } from '../api/darkroom-devices';

const TAIPEI_OFFSET_MS = 8 * 3600_000;
const hhmm = (iso: string) => new Date(Date.parse(iso) + TAIPEI_OFFSET_MS).toISOString().slice(11, 16);

/** One metric's day as a line chart in Taipei time, or the no-data notice. */
export function ClimateChart({
  title,
  series,
  unit,
  color,
}: {
  title: string;
  series: FluxSeries['series'];
  unit: string;
  color: string;
}) {
  if (series.length === 0)
    return (
      <Alert color="gray" title={title}>
        <Trans>這一天沒有資料</Trans>
      </Alert>
    );
  const data = series.map((point) => ({ time: hhmm(point.time), value: point.value }));
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <LineChart
        h={220}
        data={data}
        dataKey="time"
        series={[{ name: 'value', label: title, color }]}
        unit={unit}
        curveType="monotone"
        withDots={false}
        yAxisProps={{ domain: ['auto', 'auto'] }}
      />
    </figure>
  );
}
