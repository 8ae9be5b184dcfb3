import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from '../../i18n/locale';
import { contentPages, pageContent, placeholders, placeholdersIn, rawContent } from './content';
import { trainingRows } from './training';

describe('the information pages content (web/content)', () => {
  it('has every page in both languages, with only known placeholders', () => {
    for (const page of contentPages)
      for (const locale of APP_LOCALES) {
        const text = rawContent(page, locale);
        expect(text, `${page}.${locale}.md`).toBeTruthy();
        for (const name of placeholdersIn(text!))
          expect(placeholders, `${page}.${locale}.md`).toHaveProperty(name);
      }
  });

  it('fills the door hours and storage rules from the rules, not from the text', () => {
    const terms = pageContent('terms', 'zh-Hant');
    expect(terms).toContain('學期中 22:00 關門，寒暑假 17:00 關門');
    expect(terms).toContain('關門前 10 分鐘');
    expect(pageContent('nas', 'en')).toContain('20 GB per person');
    expect(pageContent('nas', 'en')).toContain('within 14 days');
    expect(terms).not.toMatch(/\{\{/);
  });

  it('reads the fixed training rows with fees and hours in both languages', () => {
    const rows = trainingRows();
    expect(rows.map((row) => row.name['zh-Hant'])).toEqual([
      '黑白底片沖洗',
      '黑白放相',
      '彩色底片沖洗',
      '彩色放相',
      '底片掃描',
      '底片翻拍',
      '藝術微噴',
      '手工書',
    ]);
    expect(rows.map((row) => row.hour)).toEqual([2.5, 3, 2.5, 3, 1, 1, 2, 4]);
    expect(rows[0]!.fee.en).toContain('30 NTD per roll');
  });
});
