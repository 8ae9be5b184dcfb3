import { describe, expect, it } from 'vitest';
import { postingSchema } from './events.ts';
import { pouchTopUpPosting } from './pouch.ts';
import { postingSummaryText, summaryCodeOf, summaryText, systemSummary } from './summary-text.ts';

const basePosting = {
  transferId: 'x:1',
  debit: '101',
  credit: '102',
  amountCents: 10_000,
  actorPk: 101,
  links: {},
} as const;

describe('system-made summaries', () => {
  it('stores the Chinese text the spec shows and renders the same code in English', () => {
    const stored = systemSummary({ code: 'memberfee_cash', params: { semester: '115-1' } });
    expect(stored.summary).toBe('社費 115-1（現金）');
    expect(summaryText(stored.summaryCode, 'en')).toBe('Member fee 115-1 (cash)');
  });

  it('renders a pouch top-up posting in both languages from its code', () => {
    const posting = pouchTopUpPosting('P0007', 101, 50_000, null);
    expect(posting.summary).toBe('儲值袋 P0007');
    expect(postingSummaryText(posting, 'en')).toBe('Cash pouch P0007');
  });

  it('keeps a nested code (a deletion of a cash top-up) through the event schema', () => {
    const deletion = systemSummary({
      code: 'deletion',
      params: { original: { code: 'cash_topup', params: {} } },
    });
    const parsed = postingSchema.parse({ ...basePosting, kind: 'reversal', ...deletion });
    expect(parsed.summary).toBe('刪除：現金儲值');
    expect(postingSummaryText(parsed, 'en')).toBe('Deleted: Cash top-up');
  });

  it('renders the label charge and its refund in both languages through the event schema', () => {
    const charge = postingSchema.parse({
      ...basePosting,
      kind: 'posting',
      ...systemSummary({ code: 'label_extra_sheets', params: { sheets: 3 } }),
    });
    expect(charge.summary).toBe('標籤列印 超額 3 張');
    expect(postingSummaryText(charge, 'en')).toBe('Label printing, 3 extra sheets');
    const refund = systemSummary({ code: 'label_refund', params: { sheets: 3 } });
    expect(summaryText(refund.summaryCode, 'en')).toBe('Label printing failed, 3 extra sheets refunded');
  });

  it('renders a darkroom charge in both languages, naming only the units charged', () => {
    const charge = postingSchema.parse({
      ...basePosting,
      kind: 'posting',
      ...systemSummary({ code: 'darkroom_session', params: { bwRolls: 2, bwPrint: 0, colourRolls: 1 } }),
    });
    expect(charge.summary).toBe('暗房使用費：黑白底片 2 捲、彩色底片 1 捲');
    expect(postingSummaryText(charge, 'en')).toBe('Darkroom use: b/w film 2 rolls, colour film 1 roll');
  });

  it('rejects a stored code with a malformed parameter', () => {
    const bad = { code: 'memberfee', params: { semester: 'spring' } };
    expect(
      postingSchema.safeParse({ ...basePosting, kind: 'memberfee', summary: '社費', summaryCode: bad })
        .success,
    ).toBe(false);
  });
});

describe('events written before summary codes', () => {
  const old = (kind: Parameters<typeof summaryCodeOf>[0]['kind'], summary: string) =>
    postingSummaryText({ kind, summary }, 'en');

  it('recognises each old Chinese text by the kind that wrote it', () => {
    expect(old('add_value', '現金儲值')).toBe('Cash top-up');
    expect(old('take_back', '現金退還')).toBe('Cash back');
    expect(old('memberfee', '社費 115-1')).toBe('Member fee 115-1');
    expect(old('memberfee', '社費 115-2（現金）')).toBe('Member fee 115-2 (cash)');
    expect(old('workshop_deposit', '工作坊保證金 115-1（現金）')).toBe('Workshop deposit 115-1 (cash)');
    expect(old('pouch_topup', '儲值袋 P0001')).toBe('Cash pouch P0001');
    expect(old('deposit_commit', '點收儲值袋 第 3 批')).toBe('Cash pouches counted, batch 3');
    expect(old('reversal', '刪除：社費 115-1（現金）')).toBe('Deleted: Member fee 115-1 (cash)');
    expect(old('reversal', '更正：底片兩卷')).toBe('Corrected: 底片兩卷');
  });

  it('leaves text a person typed as typed, even when it reads like a system text', () => {
    expect(old('transfer', '現金儲值')).toBe('現金儲值');
    expect(old('refund', '刪除：重複')).toBe('刪除：重複');
    expect(old('add_value', '學長代收的現金')).toBe('學長代收的現金');
    expect(summaryCodeOf({ kind: 'transfer', summary: '社費 115-1' })).toEqual({
      code: 'typed',
      params: { text: '社費 115-1' },
    });
  });
});
