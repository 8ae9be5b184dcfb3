import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './finance-export.ts';

describe('the CSV export', () => {
  it('quotes per RFC 4180 and keeps formulas from running', () => {
    const csv = toCsv({
      name: 'x',
      header: ['a', 'b'],
      rows: [
        ['plain', 1.5],
        ['comma, "quote"\r\nnew line', -3],
        ['=HYPERLINK("x")', 0],
      ],
    });
    expect(csv.startsWith('\uFEFFa,b\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ['a', 'b'],
      ['plain', '1.5'],
      ['comma, "quote"\r\nnew line', '-3'],
      [`'=HYPERLINK("x")`, '0'],
    ]);
  });
});
