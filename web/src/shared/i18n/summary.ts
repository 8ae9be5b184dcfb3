/**
 * A transaction's summary in the page's language. The server renders system-made summaries (cash
 * top-ups, member fees, pouches) in both languages from their stored code; text a person typed is the
 * same in both (core/src/ledger/summary-text.ts).
 */
export const summaryIn = (row: { summary: string; summaryEn?: string }, locale: string): string =>
  locale === 'en' && row.summaryEn ? row.summaryEn : row.summary;
