// The demo's stock: a realistic catalogue across the stock accounts (films, darkroom and shared papers,
// chemicals, frames, mounting and framing materials, giclee papers, digital supplies, scanning and
// developing services), purchases with their dates over the past year, counter sales to 林小美 and the
// head spread over the past months (each topped up first with exactly what it costs, so their balances
// stay as the demo's summary says), one count adjustment and an estimate waiting in 林小美's cart.
// Items have fixed pks: document 1's price-list rules name some (MOUNT shows 80, 81, 423; 226, 227, 295,
// 296 hide their stock), and the estimators find their items by pk (ESTIMATOR_ITEMS).
// Safe to run again: every command has a fixed key, so a second run records nothing new.
import type { LedgerRequest } from '@club/core/ledger/service';
import { ESTIMATOR_STOCK_PKS } from '@club/core/shop/estimators/config';
import type { FilmType, StockConfig } from '@club/core/stock/events';
import { priceLines } from '@club/core/stock/sale-service';
import type { PortalServices } from '../services.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoItem {
  pk: number;
  prefix: string;
  name: string;
  unit: string;
  price: number | null;
  discount?: [price: number, points: number];
  film?: FilmType;
  barcodes?: string[];
  display?: boolean;
  giclee?: StockConfig['giclee'];
  comment?: string;
}

/**
 * The items the framing estimators price from (core/src/shop/estimators/config.ts, ESTIMATOR_STOCK_PKS):
 * the boards the price list shows under MOUNT by the 才, and the work of a frame on items whose unit is
 * one NTD of work (their stock is hidden on the price list), plus the canvas by the 才.
 */
export const ESTIMATOR_ITEMS = ESTIMATOR_STOCK_PKS;

export const DEMO_STOCK: readonly DemoItem[] = [
  // Film (sales pay into film stock, pk 4).
  {
    pk: 1,
    prefix: 'F',
    name: 'Kodak Tri-X 400 135-36',
    unit: '卷',
    price: 280,
    discount: [250, 100],
    film: 1,
    barcodes: ['0041771005331'],
  },
  {
    pk: 2,
    prefix: 'F',
    name: 'Ilford HP5 Plus 400 135-36',
    unit: '卷',
    price: 250,
    discount: [225, 100],
    film: 1,
    barcodes: ['9310186000239'],
  },
  {
    pk: 3,
    prefix: 'F',
    name: 'Kodak Portra 400 135-36',
    unit: '卷',
    price: 520,
    discount: [490, 200],
    film: 2,
  },
  { pk: 4, prefix: 'F', name: 'Fujifilm Velvia 50 135-36', unit: '卷', price: 680, film: 3 },
  {
    pk: 5,
    prefix: 'F',
    name: 'Kodak Gold 200 135-36',
    unit: '卷',
    price: 260,
    discount: [240, 100],
    film: 2,
  },
  {
    pk: 6,
    prefix: 'F',
    name: 'Ilford HP5 Plus 400 120',
    unit: '卷',
    price: 230,
    discount: [210, 100],
    film: 1,
  },
  { pk: 7, prefix: 'F', name: 'Kodak Portra 160 120', unit: '卷', price: 450, film: 2 },
  {
    pk: 8,
    prefix: 'F',
    name: 'Fomapan 100 135-36（過期）',
    unit: '卷',
    price: 100,
    film: 1,
    comment: '2023 年過期，社內練習用',
  },
  // Darkroom paper (E24: purchases record the manufacturing date).
  {
    pk: 20,
    prefix: 'E24',
    name: 'Ilford Multigrade RC 珍珠面 8×10',
    unit: '張',
    price: 20,
    discount: [17, 100],
  },
  {
    pk: 21,
    prefix: 'E24',
    name: 'Ilford Multigrade FB 纖維紙 8×10',
    unit: '張',
    price: 45,
    discount: [40, 100],
  },
  { pk: 22, prefix: 'E24', name: 'Fomaspeed Variant 5×7', unit: '張', price: 8 },
  // Shared paper (SP): the price list shows only the items named 共用.
  { pk: 30, prefix: 'SP', name: '共用相紙 黑白 8×10', unit: '張', price: 38 },
  { pk: 31, prefix: 'SP', name: '共用相紙 彩色 8×10', unit: '張', price: 32 },
  { pk: 32, prefix: 'SP', name: '相紙盒（空）', unit: '個', price: null },
  // Chemicals (I).
  { pk: 40, prefix: 'I', name: 'Kodak D-76 顯影劑 1 加侖', unit: '包', price: 350 },
  { pk: 41, prefix: 'I', name: 'Ilford Rapid Fixer 1L', unit: '瓶', price: 420 },
  { pk: 42, prefix: 'I', name: 'Kodak Photo-Flo 200 473ml', unit: '瓶', price: 380 },
  { pk: 43, prefix: 'I', name: '黑白暗房藥水（每次）', unit: '次', price: 30 },
  { pk: 44, prefix: 'I', name: '彩色暗房藥水（每次）', unit: '次', price: 50 },
  // Frames and supplies (J).
  { pk: 50, prefix: 'J', name: '底片保存頁 135', unit: '張', price: 5, barcodes: ['NEG135'] },
  { pk: 51, prefix: 'J', name: '底片保存頁 120', unit: '張', price: 6, barcodes: ['NEG120'] },
  { pk: 52, prefix: 'J', name: '棉質手套', unit: '雙', price: 20 },
  { pk: 53, prefix: 'J', name: '木質相框 8×10 黑', unit: '個', price: 250 },
  // Mounting and framing (MOUNT): the price list shows 80, 81 and 423; the estimators also use the work
  // items 296, 226, 295 (one NTD of work each; the price list hides their stock) and the canvas 227.
  { pk: 80, prefix: 'MOUNT', name: '裱板 白 2mm', unit: '才', price: 12.5 },
  { pk: 81, prefix: 'MOUNT', name: '珍珠板 5mm', unit: '才', price: 15 },
  { pk: 423, prefix: 'MOUNT', name: '壓克力 2mm', unit: '才', price: 110 },
  { pk: 296, prefix: 'MOUNT', name: '鋁框製作', unit: '元', price: 1 },
  { pk: 226, prefix: 'MOUNT', name: '木框製作', unit: '元', price: 1 },
  { pk: 295, prefix: 'MOUNT', name: '無框畫框製作', unit: '元', price: 1 },
  { pk: 227, prefix: 'MOUNT', name: '油畫布 24 吋寬', unit: '才', price: 20 },
  // Giclee paper (GICLEE, pays into giclee stock pk 2861): only names with a letter and two digits show.
  {
    pk: 100,
    prefix: 'GICLEE',
    name: 'A01 Epson 頂級光面相紙',
    unit: '才',
    price: 35,
    discount: [30, 100],
    giclee: { payable: true, kind: 'glossy', keyword: 'A01' },
  },
  {
    pk: 101,
    prefix: 'GICLEE',
    name: 'A02 Hahnemühle Photo Rag 308',
    unit: '才',
    price: 60,
    discount: [54, 100],
    giclee: { payable: true, kind: 'fineart', keyword: 'A02' },
  },
  {
    pk: 102,
    prefix: 'GICLEE',
    name: 'B01 Canson Baryta Photographique',
    unit: '才',
    price: 55,
    giclee: { payable: true, kind: 'baryta', keyword: 'B01' },
  },
  { pk: 103, prefix: 'GICLEE', name: 'Epson P6000 墨水匣', unit: '個', price: null },
  // Digital darkroom supplies (ED9).
  { pk: 110, prefix: 'ED9', name: 'DVD-R 燒錄片', unit: '片', price: 10 },
  { pk: 111, prefix: 'ED9', name: 'USB 隨身碟 32GB', unit: '個', price: 180 },
  { pk: 112, prefix: 'ED9', name: '數位暗房電腦使用（每小時）', unit: '時', price: 20 },
  { pk: 113, prefix: 'ED9', name: '螢幕校色（每次）', unit: '次', price: 50 },
  // Services: scanning, copying, developing (no stock shown).
  { pk: 120, prefix: 'V850', name: 'Epson V850 底片掃描（每格）', unit: '格', price: 1 },
  { pk: 121, prefix: 'FILMDUP', name: '底片翻拍（每格）', unit: '格', price: 1 },
  { pk: 122, prefix: 'FILMD120', name: '120 黑白底片沖洗', unit: '卷', price: 50 },
];

const configOf = (item: DemoItem): StockConfig => ({
  prefix: item.prefix,
  name: item.name,
  unit: item.unit,
  priceCents: item.price === null ? null : Math.round(item.price * 100),
  discountPriceCents: item.discount ? Math.round(item.discount[0] * 100) : null,
  discountPointsHundredths: item.discount ? item.discount[1] * 100 : null,
  barcodes: item.barcodes ?? [],
  comment: item.comment ?? '',
  display: item.display ?? true,
  filmType: item.film ?? 0,
  giclee: item.giclee ?? { payable: false, kind: '', keyword: '' },
});

/** Purchases: item, quantity, total NTD, days ago, origin, expiry / manufacturing month. */
const PURCHASES: readonly [number, number, number, number, string, string | null, string | null][] = [
  [1, 40, 9600, 300, '台北 光華數位', '2027/06', null],
  [2, 30, 6300, 280, '台北 光華數位', '2027/03', null],
  [3, 20, 9000, 200, 'B&H 團購', '2027/01', null],
  [4, 10, 5600, 150, 'B&H 團購', '2026/12', null],
  [5, 30, 6000, 120, '台北 光華數位', '2027/09', null],
  [6, 20, 3800, 90, '台北 光華數位', '2027/05', null],
  [7, 10, 3700, 60, 'B&H 團購', '2026/10', null],
  [8, 15, 0, 400, '社友捐贈', '2023/05', null],
  [20, 250, 3750, 200, 'Ilford 台灣代理', null, '2025/11'],
  [21, 100, 3500, 200, 'Ilford 台灣代理', null, '2025/10'],
  [22, 100, 600, 100, 'Foma 網購', null, '2026/02'],
  [30, 200, 5400, 150, 'Ilford 台灣代理', null, null],
  [31, 100, 2400, 150, '富士 台灣代理', null, null],
  [40, 10, 2800, 180, '台北 光華數位', null, null],
  [41, 8, 2720, 180, '台北 光華數位', null, null],
  [50, 500, 1500, 240, '網購', null, null],
  [51, 300, 1200, 240, '網購', null, null],
  [80, 120, 900, 100, '美術社', null, null],
  [81, 160, 1600, 100, '美術社', null, null],
  [423, 60, 4800, 100, '壓克力行', null, null],
  [227, 50, 600, 80, '美術社', null, null],
  [100, 300, 7500, 120, 'Epson 台灣', null, null],
  [101, 150, 6750, 120, 'Hahnemühle 代理', null, null],
  [102, 120, 4800, 120, 'Canson 代理', null, null],
  [110, 100, 500, 200, '網購', null, null],
];

/** Counter sales: who (member or head), days ago, items [pk, quantity]. */
const SALES: readonly ['member' | 'head', number, [number, number][]][] = [
  [
    'member',
    300,
    [
      [1, 2],
      [50, 10],
    ],
  ],
  ['member', 240, [[2, 3]]],
  [
    'head',
    200,
    [
      [40, 1],
      [41, 1],
    ],
  ],
  [
    'member',
    150,
    [
      [1, 1],
      [20, 25],
    ],
  ],
  [
    'member',
    90,
    [
      [3, 2],
      [6, 2],
    ],
  ],
  [
    'head',
    75,
    [
      [100, 4.5],
      [80, 3],
    ],
  ],
  [
    'member',
    40,
    [
      [1, 2],
      [5, 1],
      [30, 10],
    ],
  ],
  [
    'member',
    12,
    [
      [2, 2],
      [51, 6],
    ],
  ],
  [
    'head',
    5,
    [
      [4, 1],
      [110, 2],
    ],
  ],
];

export async function loadDemoStock(
  services: PortalServices,
  clock: { now: Date | null },
  people: { head: number; member: number },
): Promise<void> {
  const now = new Date();
  const request = (at: Date, actorPk: number | null = people.head): LedgerRequest => ({
    now: at,
    actorPk,
    correlationId: `cli-demo-stock-${at.getTime()}`,
  });
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  for (const item of DEMO_STOCK) {
    const created = await services.stock.createItem(
      { config: configOf(item), requestKey: `demo-stock-${item.pk}`, stockPk: item.pk },
      request(daysAgo(400)),
    );
    // 'exists': made by an earlier run (and maybe edited on the pages since).
    if (!created.ok && created.reason !== 'exists')
      throw new Error(`demo item ${item.pk} refused: ${created.reason}`);
  }

  for (const [stockPk, quantity, total, days, origin, expiry, manufactured] of PURCHASES) {
    if (total === 0) continue; // a donation has no money side: it is counted in by the adjustment below
    clock.now = daysAgo(days);
    const bought = await services.stock.purchase(
      {
        stockPk,
        deltaId: `demo-purchase-${stockPk}-${days}`,
        quantityMilli: quantity * 1000,
        amountCents: total * 100,
        origin,
        comment: '',
        expiry,
        manufactured,
        receiptPks: [],
        purchasePk: null,
      },
      request(clock.now),
    );
    if (!bought.ok) throw new Error(`demo purchase of ${stockPk} refused: ${bought.reason}`);
  }

  // The donated films were counted in; the D-76 shelf was found one short.
  clock.now = daysAgo(400);
  await services.stock.adjust(
    { stockPk: 8, deltaId: 'demo-adjust-8', countedMilli: 15_000, reason: '社友捐贈，盤點入庫' },
    request(clock.now),
  );
  clock.now = daysAgo(30);
  await services.stock.adjust(
    {
      stockPk: 40,
      deltaId: 'demo-adjust-40',
      countedMilli: 8_000,
      reason: '盤點：少一包，可能是上學期社課用掉',
    },
    request(clock.now),
  );

  for (const [index, [who, days, lines]] of SALES.entries()) {
    const buyerPk = who === 'member' ? people.member : people.head;
    const at = daysAgo(days);
    clock.now = at;
    const saleId = `demo-sale-${index + 1}`;
    const sellLines = lines.map(([stockPk, quantity]) => ({
      stockPk,
      quantityMilli: Math.round(quantity * 1000),
      cartItemId: null,
      label: '',
    }));
    if ((await services.sales.sale(saleId)).status === 'none') {
      // Exactly what the sale costs is topped up first, so the demo balances stay as the summary says.
      const priced = await priceLines(
        services.stock,
        { saleId, buyerPk, lines: sellLines, pointsHundredths: who === 'member' ? 300 : 0 },
        buyerPk,
      );
      if (!priced.ok) throw new Error(`demo sale ${saleId}: item ${priced.stockPk} not for sale`);
      const total = priced.lines.reduce((sum, line) => sum + line.amountCents, 0);
      const topUp = await services.ledger.addValue({
        ...request(at),
        transferId: `demo-stock-topup-${index + 1}`,
        staffPk: people.head,
        userPk: buyerPk,
        amountCents: total,
        summary: '現金儲值',
      });
      if (!topUp.ok) throw new Error(`demo top-up for ${saleId} refused: ${topUp.reason}`);
    }
    const sold = await services.sales.sell(
      {
        saleId,
        buyerPk,
        lines: sellLines,
        pointsHundredths: who === 'member' ? 300 : 0,
        allowDebt: false,
        expectedTotalCents: null,
      },
      request(at, buyerPk),
    );
    if (!sold.ok) throw new Error(`demo sale ${saleId} refused: ${sold.reason}`);
  }
  clock.now = null;

  // An aluminium-frame estimate waiting in 林小美's cart for the counter: the frame's work, its acrylic and
  // its backing board, as the estimator adds them.
  await services.stock.cartCommand(
    {
      type: 'AddToCart',
      userPk: people.member,
      group: 'demo-cart-frame',
      items: [
        { stockPk: ESTIMATOR_ITEMS.aluminiumFrame, quantityMilli: 330_000, label: '鋁框 16×20 in（黑）' },
        { stockPk: ESTIMATOR_ITEMS.acrylic, quantityMilli: 2_500, label: '鋁框 16×20 in 壓克力' },
        { stockPk: ESTIMATOR_ITEMS.cardboard, quantityMilli: 2_500, label: '鋁框 16×20 in 背板' },
      ],
      fingerprint: 'demo-cart-frame',
    },
    request(new Date(), people.member),
  );
}
