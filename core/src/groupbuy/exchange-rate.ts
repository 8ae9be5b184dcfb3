// Where an order's exchange rate comes from: a small port with two adapters. By default staff set the
// rate by hand (GroupBuyRateSet in the group-buy stream); optionally an HTTP source configured by URL
// (GROUPBUY_RATE_URL). No rate means 'cannot get exchange rate, cannot order'.
import { positiveDecimal } from './validation.ts';

export interface ExchangeRates {
  /** NTD per unit of the currency as an exact decimal text, or null when no rate can be had. */
  rateOf(currency: string): Promise<string | null>;
}

/** The staff-set rates: a reader of the group-buy state's rates. */
export const manualExchangeRates = (rates: () => Promise<ReadonlyMap<string, string>>): ExchangeRates => ({
  async rateOf(currency) {
    return (await rates()).get(currency) ?? null;
  },
});

/**
 * An HTTP source: GET {url} answering JSON `{ "rates": { "USD": 32.1, ... } }` (NTD per unit). A failing,
 * slow or malformed answer is no rate, never an exception, so ordering shows the spec's message.
 */
export const httpExchangeRates = (
  url: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): ExchangeRates => ({
  async rateOf(currency) {
    try {
      const response = await (options.fetch ?? fetch)(url, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { rates?: Record<string, unknown> };
      const value = body.rates?.[currency];
      if (typeof value !== 'number' && typeof value !== 'string') return null;
      // At most four decimals: the rate is written into the order and must stay exact.
      const text = typeof value === 'number' ? String(Math.round(value * 10_000) / 10_000) : value.trim();
      return positiveDecimal(text) === null ? null : text;
    } catch {
      return null;
    }
  },
});
