// System-made transaction summaries as codes, and their one renderer (zh-Hant and English).
//
// A summary the system writes (a cash top-up, a member fee, a pouch, a deposit batch, a reversal) is
// stored on the posting twice: as the Chinese text (`summary`, what the spec's clients and older readers
// show) and as a code with its parameters (`summaryCode`), from which every reader renders its own
// language. Text a person typed (a transfer note, a refund reason) has no code and is shown as typed.
// Events written before codes existed carry only the Chinese text: `summaryCodeOf` recognises those texts
// (a render rule, not a rewrite of the log), by the posting kind, so a member who typed '現金儲值' as a
// transfer note still sees their own words.
import { z } from 'zod';
import type { TransferKind } from './events.ts';

/** A semester tag such as 115-1 (ROC year, term). */
const semesterParam = z.string().regex(/^\d{2,3}-[12]$/);

/** A summary in words a person typed, kept as typed (only as the original of a deletion or correction). */
export interface TypedSummary {
  code: 'typed';
  params: { text: string };
}

export type SummaryCode =
  | { code: 'cash_topup'; params: Record<string, never> }
  | { code: 'cash_takeback'; params: Record<string, never> }
  | { code: 'memberfee'; params: { semester: string } }
  | { code: 'memberfee_cash'; params: { semester: string } }
  | { code: 'workshop_deposit_cash'; params: { semester: string } }
  | { code: 'pouch_topup'; params: { barcode: string } }
  | { code: 'deposit_commit'; params: { batchNo: number } }
  | { code: 'label_extra_sheets'; params: { sheets: number } }
  | { code: 'label_refund'; params: { sheets: number } }
  | { code: 'stock_sale'; params: { name: string; quantity: number; unit: string } }
  | { code: 'stock_sale_void'; params: { name: string; quantity: number; unit: string } }
  | { code: 'stock_purchase'; params: { name: string; quantity: number; unit: string } }
  | { code: 'library_fine'; params: { loan: string; days: number } }
  | { code: 'equipment_deposit'; params: { loan: string } }
  | { code: 'equipment_release'; params: { loan: string } }
  | { code: 'equipment_rent'; params: { loan: string } }
  | { code: 'darkroom_session'; params: { bwRolls: number; bwPrint: number; colourRolls: number } }
  | { code: 'groupbuy_deposit'; params: { order: string } }
  | { code: 'groupbuy_refund'; params: { order: string } }
  | { code: 'groupbuy_remainder'; params: { order: string } }
  | { code: 'deletion'; params: { original: SummaryCode | TypedSummary } }
  | { code: 'correction'; params: { original: SummaryCode | TypedSummary } };

const typedSummarySchema = z.object({ code: z.literal('typed'), params: z.object({ text: z.string() }) });

export const summaryCodeSchema: z.ZodType<SummaryCode> = z.lazy(() =>
  z.discriminatedUnion('code', [
    z.object({ code: z.literal('cash_topup'), params: z.object({}).strict() }),
    z.object({ code: z.literal('cash_takeback'), params: z.object({}).strict() }),
    z.object({ code: z.literal('memberfee'), params: z.object({ semester: semesterParam }) }),
    z.object({ code: z.literal('memberfee_cash'), params: z.object({ semester: semesterParam }) }),
    z.object({ code: z.literal('workshop_deposit_cash'), params: z.object({ semester: semesterParam }) }),
    z.object({ code: z.literal('pouch_topup'), params: z.object({ barcode: z.string() }) }),
    z.object({
      code: z.literal('deposit_commit'),
      params: z.object({ batchNo: z.number().int().positive() }),
    }),
    z.object({
      code: z.literal('label_extra_sheets'),
      params: z.object({ sheets: z.number().int().positive() }),
    }),
    z.object({
      code: z.literal('label_refund'),
      params: z.object({ sheets: z.number().int().positive() }),
    }),
    ...(['stock_sale', 'stock_sale_void', 'stock_purchase'] as const).map((code) =>
      z.object({
        code: z.literal(code),
        params: z.object({ name: z.string(), quantity: z.number(), unit: z.string() }),
      }),
    ),
    z.object({
      code: z.literal('library_fine'),
      params: z.object({ loan: z.string(), days: z.number().int().positive() }),
    }),
    ...(['equipment_deposit', 'equipment_release', 'equipment_rent'] as const).map((code) =>
      z.object({ code: z.literal(code), params: z.object({ loan: z.string() }) }),
    ),
    ...(['groupbuy_deposit', 'groupbuy_refund', 'groupbuy_remainder'] as const).map((code) =>
      z.object({ code: z.literal(code), params: z.object({ order: z.string() }) }),
    ),
    z.object({
      code: z.literal('darkroom_session'),
      params: z.object({
        bwRolls: z.number().int().nonnegative(),
        bwPrint: z.number().int().nonnegative(),
        colourRolls: z.number().int().nonnegative(),
      }),
    }),
    z.object({
      code: z.literal('deletion'),
      params: z.object({ original: z.union([summaryCodeSchema, typedSummarySchema]) }),
    }),
    z.object({
      code: z.literal('correction'),
      params: z.object({ original: z.union([summaryCodeSchema, typedSummarySchema]) }),
    }),
  ]),
) as z.ZodType<SummaryCode>;

export type SummaryLanguage = 'zh' | 'en';

/** The text of a code in a language; the Chinese texts are the ones stored before codes existed. */
export function summaryText(summary: SummaryCode | TypedSummary, language: SummaryLanguage): string {
  const en = language === 'en';
  switch (summary.code) {
    case 'typed':
      return summary.params.text;
    case 'cash_topup':
      return en ? 'Cash top-up' : '現金儲值';
    case 'cash_takeback':
      return en ? 'Cash back' : '現金退還';
    case 'memberfee':
      return en ? `Member fee ${summary.params.semester}` : `社費 ${summary.params.semester}`;
    case 'memberfee_cash':
      return en ? `Member fee ${summary.params.semester} (cash)` : `社費 ${summary.params.semester}（現金）`;
    case 'workshop_deposit_cash':
      return en
        ? `Workshop deposit ${summary.params.semester} (cash)`
        : `工作坊保證金 ${summary.params.semester}（現金）`;
    case 'pouch_topup':
      return en ? `Cash pouch ${summary.params.barcode}` : `儲值袋 ${summary.params.barcode}`;
    case 'deposit_commit':
      return en
        ? `Cash pouches counted, batch ${summary.params.batchNo}`
        : `點收儲值袋 第 ${summary.params.batchNo} 批`;
    case 'label_extra_sheets':
      return en
        ? `Label printing, ${summary.params.sheets} extra sheets`
        : `標籤列印 超額 ${summary.params.sheets} 張`;
    case 'label_refund':
      return en
        ? `Label printing failed, ${summary.params.sheets} extra sheets refunded`
        : `標籤列印失敗 退回 ${summary.params.sheets} 張`;
    // Stock lines (core/src/stock): the item's name is as staff typed it, in either language.
    case 'stock_sale': {
      const { name, quantity, unit } = summary.params;
      return en ? `Bought ${name} × ${quantity} ${unit}` : `購買 ${name} × ${quantity} ${unit}`;
    }
    case 'stock_sale_void': {
      const { name, quantity, unit } = summary.params;
      return en
        ? `Purchase not completed, returned: ${name} × ${quantity} ${unit}`
        : `購買未完成退回 ${name} × ${quantity} ${unit}`;
    }
    case 'stock_purchase': {
      const { name, quantity, unit } = summary.params;
      return en ? `Stock purchase ${name} × ${quantity} ${unit}` : `進貨 ${name} × ${quantity} ${unit}`;
    }
    // Loans (core/src/loans, docs/loans.md): the loan's number, BLOG-{n} or EQLog-{n}.
    case 'library_fine': {
      const { loan, days } = summary.params;
      return en ? `Library fine ${loan} (${days} days late)` : `圖書逾期罰款 ${loan}（${days} 天）`;
    }
    case 'equipment_deposit':
      return en ? `Equipment deposit ${summary.params.loan}` : `器材押金 ${summary.params.loan}`;
    case 'equipment_release':
      return en ? `Equipment deposit returned ${summary.params.loan}` : `器材押金退還 ${summary.params.loan}`;
    case 'equipment_rent':
      return en ? `Equipment rent ${summary.params.loan}` : `器材租金 ${summary.params.loan}`;
    // Darkroom sessions (core/src/darkroom-sessions): the units charged beyond the member fee's allowance.
    case 'darkroom_session': {
      const { bwRolls, bwPrint, colourRolls } = summary.params;
      const parts = en
        ? [
            bwRolls > 0 ? `b/w film ${bwRolls} roll${bwRolls === 1 ? '' : 's'}` : '',
            bwPrint > 0 ? `b/w printing ${bwPrint} session` : '',
            colourRolls > 0 ? `colour film ${colourRolls} roll${colourRolls === 1 ? '' : 's'}` : '',
          ]
        : [
            bwRolls > 0 ? `黑白底片 ${bwRolls} 捲` : '',
            bwPrint > 0 ? `黑白放大 ${bwPrint} 次` : '',
            colourRolls > 0 ? `彩色底片 ${colourRolls} 捲` : '',
          ];
      const what = parts.filter(Boolean).join(en ? ', ' : '、');
      return en ? `Darkroom use: ${what}` : `暗房使用費：${what}`;
    }
    // Group buys (core/src/groupbuy, docs/groupbuy.md): the order's number, GBO-{n}.
    case 'groupbuy_deposit':
      return en ? `Group-buy deposit ${summary.params.order}` : `團購訂金 ${summary.params.order}`;
    case 'groupbuy_refund':
      return en
        ? `Group-buy order cancelled, deposit refunded ${summary.params.order}`
        : `團購取消 退還訂金 ${summary.params.order}`;
    case 'groupbuy_remainder':
      return en ? `Group-buy balance ${summary.params.order}` : `團購尾款 ${summary.params.order}`;
    case 'deletion':
      return `${en ? 'Deleted: ' : '刪除：'}${summaryText(summary.params.original, language)}`;
    case 'correction':
      return `${en ? 'Corrected: ' : '更正：'}${summaryText(summary.params.original, language)}`;
    default: {
      const unhandled: never = summary;
      throw new Error(`unknown summary code ${JSON.stringify(unhandled)}`);
    }
  }
}

/** The stored members of a system-made summary: the Chinese text and its code, from one source. */
export const systemSummary = (code: SummaryCode): { summary: string; summaryCode: SummaryCode } => ({
  summary: summaryText(code, 'zh'),
  summaryCode: code,
});

const SEMESTER = String.raw`(\d{2,3}-[12])`;

/** The old Chinese texts of each system-made summary, by the posting kinds that wrote them. */
const oldTexts: readonly {
  kinds: readonly TransferKind[];
  pattern: RegExp;
  code: (match: RegExpMatchArray) => SummaryCode;
}[] = [
  { kinds: ['add_value'], pattern: /^現金儲值$/, code: () => ({ code: 'cash_topup', params: {} }) },
  { kinds: ['take_back'], pattern: /^現金退還$/, code: () => ({ code: 'cash_takeback', params: {} }) },
  {
    kinds: ['memberfee'],
    pattern: new RegExp(`^社費 ${SEMESTER}（現金）$`),
    code: (match) => ({ code: 'memberfee_cash', params: { semester: match[1]! } }),
  },
  {
    kinds: ['memberfee'],
    pattern: new RegExp(`^社費 ${SEMESTER}$`),
    code: (match) => ({ code: 'memberfee', params: { semester: match[1]! } }),
  },
  {
    kinds: ['workshop_deposit'],
    pattern: new RegExp(`^工作坊保證金 ${SEMESTER}（現金）$`),
    code: (match) => ({ code: 'workshop_deposit_cash', params: { semester: match[1]! } }),
  },
  {
    kinds: ['pouch_topup'],
    pattern: /^儲值袋 (\S+)$/,
    code: (match) => ({ code: 'pouch_topup', params: { barcode: match[1]! } }),
  },
  {
    kinds: ['deposit_commit'],
    pattern: /^點收儲值袋 第 (\d+) 批$/,
    code: (match) => ({ code: 'deposit_commit', params: { batchNo: Number(match[1]) } }),
  },
];

/** The system kinds a reversal's original may have had; its kind is not on the reversal. */
const anySystemKind = oldTexts.flatMap((rule) => rule.kinds);

function recogniseOldText(text: string, kinds: readonly TransferKind[]): SummaryCode | TypedSummary {
  for (const rule of oldTexts) {
    if (!rule.kinds.some((kind) => kinds.includes(kind))) continue;
    const match = text.match(rule.pattern);
    if (match) return rule.code(match);
  }
  return { code: 'typed', params: { text } };
}

/**
 * The code of a posting's summary: the stored one, else the one an old Chinese text stands for, else the
 * text as typed. Only reversals carry the '刪除：' and '更正：' prefixes the system wrote.
 */
export function summaryCodeOf(posting: {
  kind: TransferKind;
  summary: string;
  summaryCode?: SummaryCode | undefined;
}): SummaryCode | TypedSummary {
  if (posting.summaryCode) return posting.summaryCode;
  if (posting.kind === 'reversal') {
    const prefixed = posting.summary.match(/^(刪除|更正)：(.*)$/s);
    if (prefixed) {
      const original = recogniseOldText(prefixed[2]!, anySystemKind);
      return { code: prefixed[1] === '刪除' ? 'deletion' : 'correction', params: { original } };
    }
  }
  return recogniseOldText(posting.summary, [posting.kind]);
}

/** A posting's summary in a reader's language (typed text stays as typed). */
export const postingSummaryText = (
  posting: Parameters<typeof summaryCodeOf>[0],
  language: SummaryLanguage,
): string => summaryText(summaryCodeOf(posting), language);
