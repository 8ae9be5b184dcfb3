// The finance exports for the university's club office (docs/finance.md): a semester's journal (one row
// per money event, read from the log, traced by stream, revision, position and event id) and its trial
// balance, as CSV (RFC 4180 by csv-stringify, UTF-8 with a BOM so spreadsheet programs read the Chinese
// names) or XLSX (exceljs).
import { stringify } from 'csv-stringify/sync';
import type { PortalServices } from '../services.ts';
import { ntd } from './staff-cash.ts';
import { journalOf, nameOf, trialBalanceAsAt } from './finance.ts';

export type Cell = string | number;
export interface Sheet {
  name: string;
  header: string[];
  rows: Cell[][];
}

export const JOURNAL_HEADER = [
  'position',
  'stream',
  'revision',
  'event_id',
  'time',
  'type',
  'account',
  'account_name',
  'other_account',
  'debit',
  'credit',
  'kind',
  'transfer_key',
  'summary',
];

export async function journalSheet(services: PortalServices, tag: string): Promise<Sheet> {
  return {
    name: `journal ${tag}`,
    header: JOURNAL_HEADER,
    rows: (await journalOf(services, tag)).map((line) => [
      line.position,
      line.stream,
      line.revision,
      line.eventId,
      line.at,
      line.type,
      line.account,
      nameOf(services, line.account),
      line.otherAccount,
      ntd(line.debitCents),
      ntd(line.creditCents),
      line.kind,
      line.transferKey,
      line.summary,
    ]),
  };
}

export const TRIAL_BALANCE_HEADER = ['account', 'account_name', 'debit', 'credit', 'balance'];

/** Every account's row, then the transit line and the total line (whose balance is zero). */
export function trialBalanceSheet(services: PortalServices, tag: string): Sheet {
  const trial = trialBalanceAsAt(services, tag);
  return {
    name: `trial balance ${tag}`,
    header: TRIAL_BALANCE_HEADER,
    rows: [
      ...trial.rows.map((row) => [
        row.account,
        nameOf(services, row.account),
        ntd(row.debitCents),
        ntd(row.creditCents),
        ntd(row.balanceCents),
      ]),
      ['in_transit', '轉帳途中 In transit', 0, ntd(trial.inTransitCents), ntd(trial.inTransitCents)],
      [
        'total',
        '合計 Total',
        ntd(trial.totalDebitCents),
        ntd(trial.totalCreditCents + trial.inTransitCents),
        ntd(trial.totalCents),
      ],
    ],
  };
}

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at its start) gets a leading
 * apostrophe: typed summaries are people's text.
 */
const safeText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** RFC 4180 by csv-stringify: CRLF line ends, fields with quotes, commas or line breaks quoted, a BOM. */
export const toCsv = (sheet: Sheet): string =>
  stringify(
    [sheet.header, ...sheet.rows].map((row) =>
      row.map((value) => (typeof value === 'number' ? value : safeText(value))),
    ),
    { bom: true, record_delimiter: 'windows' },
  );

export async function toXlsx(sheet: Sheet): Promise<Buffer> {
  // Loaded when a workbook is asked for: exceljs and its zip libraries are about 400 modules, which every
  // start of the portal would otherwise load.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'club portal';
  const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31));
  worksheet.addRow(sheet.header).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row);
  worksheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
