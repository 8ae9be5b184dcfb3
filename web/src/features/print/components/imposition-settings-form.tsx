import { useLingui } from '@lingui/react/macro';
import {
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { ImpositionSettings } from '../api/print';

const ROLL_WIDTHS = ['12', '24', '36', '44'] as const;

/**
 * The imposition settings (document 2): method (roll or sheet), roll width, sheet size (24 × 17 inch by
 * default, paper Z01), page size, pages (for a demo), pile pages, bleed, cut gap, crop and punch marks,
 * and double-sided book mode with its signature size. Lengths in mm.
 */
export function ImpositionSettingsForm({
  value,
  onChange,
  showPages,
}: {
  value: ImpositionSettings;
  onChange: (next: ImpositionSettings) => void;
  showPages: boolean;
}) {
  const { t } = useLingui();
  const set = <Key extends keyof ImpositionSettings>(key: Key, next: ImpositionSettings[Key]) =>
    onChange({ ...value, [key]: next });
  const number = (
    key: keyof ImpositionSettings,
    label: string,
    extra: { min?: number; step?: number } = {},
  ) => (
    <NumberInput
      label={label}
      value={value[key] as number}
      min={extra.min ?? 0}
      step={extra.step ?? 1}
      decimalScale={2}
      onChange={(next) => set(key, (typeof next === 'number' ? next : Number.NaN) as never)}
    />
  );
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} id="imposition-method">
          {t`拼版方式`}
        </Text>
        <SegmentedControl
          aria-labelledby="imposition-method"
          value={value.method}
          onChange={(next) => set('method', next as ImpositionSettings['method'])}
          data={[
            { value: 'roll', label: t`捲筒紙` },
            { value: 'sheet', label: t`單張紙` },
          ]}
        />
      </div>
      {value.method === 'roll' ? (
        <Select
          label={t`捲筒寬度（英吋）`}
          data={[...ROLL_WIDTHS]}
          value={String(value.rollWidthInch)}
          allowDeselect={false}
          onChange={(next) => set('rollWidthInch', Number(next ?? 24) as ImpositionSettings['rollWidthInch'])}
        />
      ) : (
        <SimpleGrid cols={2}>
          {number('sheetWidthMm', t`紙張寬度（mm）`)}
          {number('sheetHeightMm', t`紙張高度（mm）`)}
        </SimpleGrid>
      )}
      <SimpleGrid cols={2}>
        {number('pageWidthMm', t`頁面寬度（mm）`)}
        {number('pageHeightMm', t`頁面高度（mm）`)}
        {number('bleedMm', t`出血（mm）`)}
        {number('cutGapMm', t`裁切間距（mm）`)}
        {showPages && number('pages', t`頁數`, { min: 1 })}
      </SimpleGrid>
      <Group>
        <Checkbox
          label={t`裁切線`}
          checked={value.cropMarks}
          onChange={(event) => set('cropMarks', event.currentTarget.checked)}
        />
        <Checkbox
          label={t`堆疊裁切（依堆疊順序排頁）`}
          checked={value.pilePages}
          onChange={(event) => set('pilePages', event.currentTarget.checked)}
        />
        <Checkbox
          label={t`打孔標記`}
          checked={value.punchMarks}
          onChange={(event) => set('punchMarks', event.currentTarget.checked)}
        />
        <Checkbox
          label={t`雙面書本模式`}
          checked={value.doubleSided}
          onChange={(event) => set('doubleSided', event.currentTarget.checked)}
        />
      </Group>
      <SimpleGrid cols={2}>
        {value.punchMarks && number('punchSpacingMm', t`打孔間距（mm）`, { min: 1 })}
        {value.doubleSided && number('signaturePages', t`每台頁數`, { min: 4, step: 4 })}
      </SimpleGrid>
    </Stack>
  );
}
