import {
  BOOK_PAPER_SIZES_MM,
  BOOK_PAPERS,
  type BookEstimateInput,
  estimateBook,
  pagesFactor,
} from '@club/core/print/book-estimate';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Checkbox,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';

const ntd = (cents: number) => (cents / 100).toLocaleString('zh-TW', { maximumFractionDigits: 2 });

/**
 * BookEstimate (/book/estimate, document 2): a photo book's imposition and price, single or double sided,
 * on one of the seven papers (docs/print.md has which paper is which size). Worked out in the browser by
 * the same pure function the tests check (core/src/print/book-estimate.ts).
 */
export default function BookEstimatePage() {
  const { t } = useLingui();
  const [input, setInput] = useState<BookEstimateInput>({
    sides: 2,
    facing: false,
    paper: null,
    pageWidthMm: 210,
    pageHeightMm: 297,
    bleedMm: 3,
    gapMm: 4,
    pages: 20,
  });
  const set = <Key extends keyof BookEstimateInput>(key: Key, value: BookEstimateInput[Key]) =>
    setInput((current) => ({ ...current, [key]: value }));
  const number = (key: 'pageWidthMm' | 'pageHeightMm' | 'bleedMm' | 'gapMm' | 'pages', label: string) => (
    <NumberInput
      label={label}
      value={input[key]}
      min={0}
      decimalScale={key === 'bleedMm' || key === 'gapMm' ? 1 : 0}
      onChange={(value) => set(key, typeof value === 'number' ? value : Number.NaN)}
    />
  );
  const result = estimateBook(input);
  const factor = pagesFactor(input);
  const problems = {
    size: t`寬度與高度必須是正整數`,
    bleed: t`出血至少 0`,
    gap: t`間距至少 0`,
    pages: t`頁數必須是 ${factor} 的倍數`,
    paper: t`請選擇紙張`,
    toolarge: t`頁面太大，無法列印`,
  } as const;

  return (
    <Stack>
      <Title order={2}>
        <Trans>相片書估價</Trans>
      </Title>
      <div>
        <Text size="sm" fw={500} id="book-sides">
          {t`單面或雙面`}
        </Text>
        <SegmentedControl
          aria-labelledby="book-sides"
          value={String(input.sides)}
          onChange={(value) => set('sides', value === '1' ? 1 : 2)}
          data={[
            { value: '1', label: t`單面` },
            { value: '2', label: t`雙面` },
          ]}
        />
      </div>
      <Checkbox
        label={t`跨頁（左右兩頁一起印）`}
        checked={input.facing}
        onChange={(event) => set('facing', event.currentTarget.checked)}
      />
      <Select
        label={t`紙張`}
        placeholder={t`請選擇紙張`}
        data={BOOK_PAPERS.map((paper) => ({
          value: paper,
          label: `${paper}（${BOOK_PAPER_SIZES_MM[paper].width} × ${BOOK_PAPER_SIZES_MM[paper].height} mm）`,
        }))}
        value={input.paper}
        onChange={(value) => set('paper', (value as BookEstimateInput['paper']) ?? null)}
      />
      <SimpleGrid cols={2}>
        {number('pageWidthMm', t`頁面寬度（mm）`)}
        {number('pageHeightMm', t`頁面高度（mm）`)}
        {number('bleedMm', t`出血（mm）`)}
        {number('gapMm', t`裁切間距（mm）`)}
        {number('pages', t`頁數`)}
      </SimpleGrid>
      {result.ok ? (
        <Paper withBorder p="md">
          <Table>
            <Table.Caption>{t`估價結果`}</Table.Caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t`每張紙可放頁數`}</Table.Th>
                <Table.Td>{result.estimate.pagesPerSheet}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t`需要張數`}</Table.Th>
                <Table.Td>{result.estimate.sheets}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t`每張價格`}</Table.Th>
                <Table.Td>{ntd(result.estimate.sheetCents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t`總價`}</Table.Th>
                <Table.Td>{ntd(result.estimate.totalCents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t`每頁影像尺寸（300 dpi，含出血）`}</Table.Th>
                <Table.Td>
                  {result.estimate.pixels.width} × {result.estimate.pixels.height} px
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
      ) : (
        <Alert color="yellow" role="status">
          {problems[result.problem]}
        </Alert>
      )}
    </Stack>
  );
}
