import {
  ALUMINIUM_COLOURS,
  type AluminiumColour,
  CANVAS_STRIPS,
  type CanvasStrip,
  ESTIMATOR_STOCK_PKS,
  type EstimatorStockItem,
  WOOD_COLOURS,
  WOOD_MODELS,
  type WoodColour,
  type WoodModel,
} from '@club/core/shop/estimators/config';
import {
  type EstimatePart,
  type EstimateResult,
  estimateBoard,
  estimateCanvas,
  estimateFrame,
  type ListPrices,
} from '@club/core/shop/estimators/estimators';
import type { LengthUnit } from '@club/core/shop/estimators/measure';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EstimatorPage } from '../lib/estimator-pages';
import { cartQueryOptions, quoteQueryOptions, sendCartCommand } from '../api/shop';
import { CartPanel } from './cart-panel';

const ALL_ITEMS = Object.entries(ESTIMATOR_STOCK_PKS) as [EstimatorStockItem, number][];

/** The estimator items' list prices, read with one quote at quantity 1; a missing item has no price. */
function useListPrices() {
  const query = useQuery(quoteQueryOptions(ALL_ITEMS.map(([, stockpk]) => ({ stockpk, quantity: 1 }))));
  const prices: ListPrices = {};
  for (const line of query.data?.lines ?? []) {
    const item = ALL_ITEMS.find(([, pk]) => pk === line.stockpk)?.[0];
    if (item) prices[item] = line.listprice;
  }
  return { query, prices };
}

/**
 * One framing estimator (document 1: aluminium or wood frame, canvas frame, cardboard, acrylic, foam
 * board): the size and options, the estimate at the member's own prices, and 'add to cart' for the
 * counter. The arithmetic is core/src/shop/estimators (docs/shop.md).
 */
export default function EstimatorPanel({ page, title }: { page: EstimatorPage; title: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [unit, setUnit] = useState<LengthUnit>(page === 'estimateCanvasFrame' ? 'cm' : 'inch');
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [material, setMaterial] = useState<'aluminium' | 'wood'>('aluminium');
  const [aluColour, setAluColour] = useState<AluminiumColour>('black');
  const [woodModel, setWoodModel] = useState<WoodModel>('W20');
  const [woodColour, setWoodColour] = useState<WoodColour>('black');
  const [strip, setStrip] = useState<CanvasStrip>('medium');
  const [added, setAdded] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { query: pricesQuery, prices } = useListPrices();

  const colourNames: Record<string, string> = {
    black: t`黑`,
    silver: t`銀`,
    white: t`白`,
    walnut: t`胡桃木`,
    natural: t`原木`,
  };
  const partNames: Record<EstimatePart, string> = {
    frame: t`框`,
    acrylic: t`壓克力`,
    backing: t`背板`,
    board: t`板材`,
    canvas: t`畫布`,
    stretcher: t`內框`,
  };
  const stripNames: Record<CanvasStrip, string> = { thin: t`薄`, medium: t`中`, thick: t`厚` };
  const unitName = unit === 'cm' ? 'cm' : 'in';

  const touched = width !== '' || height !== '';
  let result: EstimateResult | null = null;
  if (touched && pricesQuery.data) {
    const size = { width, height, unit };
    if (page === 'estimateAluFrame')
      result = estimateFrame(
        {
          ...size,
          material:
            material === 'aluminium'
              ? { kind: 'aluminium', colour: aluColour }
              : { kind: 'wood', model: woodModel, colour: woodColour },
        },
        prices,
      );
    else if (page === 'estimateCanvasFrame') result = estimateCanvas({ ...size, strip }, prices);
    else
      result = estimateBoard(
        {
          ...size,
          board:
            page === 'estimateCardBoard' ? 'cardboard' : page === 'estimateAcrylic' ? 'acrylic' : 'foamBoard',
        },
        prices,
      );
  }
  const lines = result?.ok ? result.lines : [];
  const myQuote = useQuery(
    quoteQueryOptions(lines.map((line) => ({ stockpk: line.stockPk, quantity: line.quantityMilli / 1000 }))),
  );

  const options =
    page === 'estimateAluFrame'
      ? material === 'aluminium'
        ? colourNames[aluColour]
        : `${woodModel} ${colourNames[woodColour]}`
      : page === 'estimateCanvasFrame'
        ? stripNames[strip]
        : '';
  const what = `${title} ${width}×${height} ${unitName}${options ? `（${options}）` : ''}`;

  const message = (): string | null => {
    if (!result || result.ok) return null;
    switch (result.reason) {
      case 'size_invalid':
        return t`請檢查長寬`;
      case 'too_small':
        return t`尺寸太小：每邊至少 ${result.minimum} ${result.unit === 'cm' ? 'cm' : 'in'}`;
      case 'too_big':
        return t`尺寸太大：最大 ${result.maximum} in`;
      case 'wood_combination':
        return t`這個木框款式沒有這個顏色`;
      case 'inventory':
        return t`庫存資料錯誤，無法加入購物車`;
    }
  };

  const addToCart = async () => {
    if (!result?.ok) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await sendCartCommand({
        cmd: 'add',
        requestId: crypto.randomUUID(),
        items: result.lines.map((line) => ({
          stockpk: line.stockPk,
          quantity: String(line.quantityMilli / 1000),
          label: `${what} ${partNames[line.part]}`,
        })),
      });
      if (answer.status === 'ok') {
        queryClient.setQueryData(cartQueryOptions().queryKey, answer.cart);
        setAdded(what);
      } else if (answer.reason === 'inventory') setFailure(t`庫存資料錯誤，無法加入購物車`);
      else if (answer.reason === 'cart_full') setFailure(t`購物車已滿（最多 50 項）`);
      else setFailure(t`無法加入購物車，請稍後再試`);
    } catch {
      setFailure(t`無法加入購物車，請稍後再試`);
    } finally {
      setBusy(false);
    }
  };

  const missing = pricesQuery.data?.missing ?? [];
  return (
    <Stack maw={640}>
      <Title order={3}>{title}</Title>
      <Paper withBorder p="md">
        <Stack>
          <SegmentedControl
            aria-label={t`單位`}
            value={unit}
            onChange={(value) => setUnit(value as LengthUnit)}
            data={[
              { value: 'inch', label: t`英吋` },
              { value: 'cm', label: t`公分` },
            ]}
          />
          <Group grow>
            <TextInput
              label={t`寬（${unitName}）`}
              inputMode="decimal"
              value={width}
              onChange={(e) => setWidth(e.currentTarget.value)}
            />
            <TextInput
              label={t`高（${unitName}）`}
              inputMode="decimal"
              value={height}
              onChange={(e) => setHeight(e.currentTarget.value)}
            />
          </Group>
          {page === 'estimateAluFrame' && (
            <>
              <SegmentedControl
                aria-label={t`框材`}
                value={material}
                onChange={(value) => setMaterial(value as 'aluminium' | 'wood')}
                data={[
                  { value: 'aluminium', label: t`鋁框` },
                  { value: 'wood', label: t`木框` },
                ]}
              />
              {material === 'aluminium' ? (
                <Select
                  label={t`顏色`}
                  value={aluColour}
                  allowDeselect={false}
                  onChange={(value) => value && setAluColour(value as AluminiumColour)}
                  data={ALUMINIUM_COLOURS.map((colour) => ({ value: colour, label: colourNames[colour]! }))}
                />
              ) : (
                <Group grow>
                  <Select
                    label={t`木框款式`}
                    value={woodModel}
                    allowDeselect={false}
                    onChange={(value) => value && setWoodModel(value as WoodModel)}
                    data={Object.keys(WOOD_MODELS)}
                  />
                  <Select
                    label={t`顏色`}
                    value={woodColour}
                    allowDeselect={false}
                    onChange={(value) => value && setWoodColour(value as WoodColour)}
                    data={WOOD_COLOURS.map((colour) => ({ value: colour, label: colourNames[colour]! }))}
                  />
                </Group>
              )}
            </>
          )}
          {page === 'estimateCanvasFrame' && (
            <Select
              label={t`內框木條`}
              value={strip}
              allowDeselect={false}
              onChange={(value) => value && setStrip(value as CanvasStrip)}
              data={(Object.keys(CANVAS_STRIPS) as CanvasStrip[]).map((key) => ({
                value: key,
                label: `${stripNames[key]}（${CANVAS_STRIPS[key].thicknessMm} mm）`,
              }))}
            />
          )}
          {page !== 'estimateAluFrame' && page !== 'estimateCanvasFrame' && (
            <Text size="sm" c="dimmed">
              <Trans>每邊無條件進位到整英吋，最小 4 英吋。</Trans>
            </Text>
          )}
        </Stack>
      </Paper>
      {missing.length > 0 && !touched && (
        <Alert color="red" role="alert">
          {t`庫存資料錯誤，無法加入購物車`}
        </Alert>
      )}
      {message() !== null && (
        <Alert color="red" role="alert">
          {message()}
        </Alert>
      )}
      {result?.ok && (
        <Paper withBorder p="md" aria-label={t`估價結果`} component="section">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>項目</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>數量</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>金額</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.lines.map((line) => {
                const quoted = myQuote.data?.lines.find((candidate) => candidate.stockpk === line.stockPk);
                return (
                  <Table.Tr key={line.stockPk}>
                    <Table.Td>
                      {partNames[line.part]}{' '}
                      <Text span size="xs" c="dimmed">
                        {quoted?.name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {line.quantityMilli / 1000} {quoted?.unit}
                    </Table.Td>
                    <Table.Td ta="right">{quoted?.amount ?? '…'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" mt="sm">
            <Text fw={700} role="status">
              <Trans>估價 {myQuote.data?.total ?? '…'} 元</Trans>
              {myQuote.data && myQuote.data.discount > 0 && (
                <Text span size="sm" c="teal.9">
                  {' '}
                  <Trans>（點數折扣 {myQuote.data.discount} 元）</Trans>
                </Text>
              )}
            </Text>
            <Button onClick={() => void addToCart()} loading={busy}>
              <Trans>加入購物車</Trans>
            </Button>
          </Group>
          {added && (
            <Text c="teal.9" size="sm" mt="xs" role="status">
              <Trans>已加入購物車：{added}。請到社辦櫃台結帳。</Trans>
            </Text>
          )}
          {failure && (
            <Alert color="red" role="alert" mt="xs">
              {failure}
            </Alert>
          )}
        </Paper>
      )}
      <CartPanel />
    </Stack>
  );
}
