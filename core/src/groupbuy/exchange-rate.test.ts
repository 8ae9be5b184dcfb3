import { describe, expect, it } from 'vitest';
import { httpExchangeRates, manualExchangeRates } from './exchange-rate.ts';

const answering = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('exchange-rate port', () => {
  it('the staff-set rate by currency; none set is no rate', async () => {
    const rates = manualExchangeRates(async () => new Map([['USD', '31.2']]));
    expect(await rates.rateOf('USD')).toBe('31.2');
    expect(await rates.rateOf('EUR')).toBeNull();
  });

  it('an HTTP source by URL; a failing or malformed answer is no rate', async () => {
    const ok = httpExchangeRates('http://rates.test', {
      fetch: answering(200, { rates: { USD: 31.23456 } }),
    });
    expect(await ok.rateOf('USD')).toBe('31.2346');
    expect(await ok.rateOf('EUR')).toBeNull();
    const down = httpExchangeRates('http://rates.test', { fetch: answering(503, {}) });
    expect(await down.rateOf('USD')).toBeNull();
    const broken = httpExchangeRates('http://rates.test', {
      fetch: (async () => {
        throw new Error('ECONNREFUSED');
      }) as unknown as typeof fetch,
    });
    expect(await broken.rateOf('USD')).toBeNull();
    const negative = httpExchangeRates('http://rates.test', {
      fetch: answering(200, { rates: { USD: -1 } }),
    });
    expect(await negative.rateOf('USD')).toBeNull();
  });
});
