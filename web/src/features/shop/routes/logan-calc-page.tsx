import { LOGAN_DEFAULTS, type LoganSide, type LoganValues, loganCuts } from '@club/core/shop/logan';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';

const STEPS = ['config', 'frameborder', 'calipersresult'] as const;
type Step = (typeof STEPS)[number];

/** The calculator's values live in the browser's local storage (document 1, section 3). */
const STORAGE_KEY = 'loganCalc';

function loadValues(): LoganValues {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<LoganValues> | null;
    if (stored && typeof stored === 'object') {
      const merged = { ...LOGAN_DEFAULTS };
      for (const key of Object.keys(LOGAN_DEFAULTS) as (keyof LoganValues)[])
        if (typeof stored[key] === 'string') (merged as Record<string, string>)[key] = stored[key];
      if (merged.thickness !== '4p' && merged.thickness !== '8p') merged.thickness = '4p';
      return merged;
    }
  } catch {
    // A damaged entry starts from the defaults.
  }
  return { ...LOGAN_DEFAULTS };
}

/**
 * LoganCalc (/logan/calc/{config|frameborder|calipersresult}): the mat cutter calculator with document 1's
 * constants. Changing the tab updates the URL; every value is kept in local storage.
 */
export default function LoganCalcPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const links = useRouteLinks();
  const { loganStep } = useParams();
  const step: Step = (STEPS as readonly string[]).includes(loganStep ?? '') ? (loganStep as Step) : 'config';
  const [values, setValues] = useState<LoganValues>(loadValues);

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(values));
  }, [values]);

  const field = (key: Exclude<keyof LoganValues, 'thickness'>, label: string) => (
    <TextInput
      label={label}
      inputMode="decimal"
      value={values[key]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((previous) => ({ ...previous, [key]: value }));
      }}
    />
  );
  const result = loganCuts(values);
  const sideNames: Record<LoganSide, string> = { left: t`左`, right: t`右`, up: t`上`, down: t`下` };
  const goTo = (next: string | null) => {
    if (next) void navigate(links.pathOf('LoganCalc', { loganStep: next }));
  };

  return (
    <Stack maw={720}>
      <Title order={2}>
        <Trans>裱框裁刀計算機</Trans>
      </Title>
      <Tabs value={step} onChange={goTo} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="config">
            <Trans>設定</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="frameborder">
            <Trans>框與畫心</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="calipersresult">
            <Trans>裁切結果</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="config" pt="md">
          <Stack>
            <SegmentedControl
              aria-label={t`卡紙厚度`}
              value={values.thickness}
              onChange={(value) =>
                setValues((previous) => ({ ...previous, thickness: value as LoganValues['thickness'] }))
              }
              data={[
                { value: '4p', label: t`4P（1.5 mm）` },
                { value: '8p', label: t`8P（2.3 mm）` },
              ]}
            />
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {field('gapLeft', t`左間隙（mm）`)}
              {field('gapRight', t`右間隙（mm）`)}
              {field('gapUp', t`上間隙（mm）`)}
              {field('gapDown', t`下間隙（mm）`)}
            </SimpleGrid>
            <SimpleGrid cols={2}>
              {field('shiftRight', t`向右偏移（mm）`)}
              {field('shiftDown', t`向下偏移（mm）`)}
            </SimpleGrid>
            <Group>
              <Button variant="default" onClick={() => setValues({ ...LOGAN_DEFAULTS })}>
                <Trans>全部重設</Trans>
              </Button>
              <Button onClick={() => goTo('frameborder')}>
                <Trans>下一步</Trans>
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="frameborder" pt="md">
          <Stack>
            <SimpleGrid cols={2}>
              {field('frameWidth', t`框寬（mm）`)}
              {field('frameHeight', t`框高（mm）`)}
              {field('imageWidth', t`畫心寬（mm）`)}
              {field('imageHeight', t`畫心高（mm）`)}
            </SimpleGrid>
            <Group>
              <Button onClick={() => goTo('calipersresult')}>
                <Trans>計算</Trans>
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="calipersresult" pt="md">
          {result.ok ? (
            <Stack>
              <Alert color="blue">
                <Trans>
                  開窗 {result.windowWidthMm} × {result.windowHeightMm} mm
                </Trans>
              </Alert>
              <Table striped aria-label={t`裁切設定`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>邊</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>邊寬</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>斜切刻度</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>直切刻度</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>起刀</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>停刀</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.cuts.map((cut) => (
                    <Table.Tr key={cut.side}>
                      <Table.Td>{sideNames[cut.side]}</Table.Td>
                      <Table.Td ta="right">{cut.borderMm}</Table.Td>
                      <Table.Td ta="right">{cut.bevelMm}</Table.Td>
                      <Table.Td ta="right">{cut.straightMm}</Table.Td>
                      <Table.Td ta="right">{cut.startMm}</Table.Td>
                      <Table.Td ta="right">{cut.stopMm}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ) : (
            <Alert color="red" role="alert">
              {result.reason === 'image_too_big' ? t`畫心比框大，請檢查尺寸` : t`請檢查輸入的數值`}
            </Alert>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
