import type { BodyOf, OkOf } from '@club/api/contracts/shared';
import type * as shop from '@club/api/contracts/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The member side of the shop (api/src/contracts/shop.ts; docs/stock.md, docs/shop.md): the price list,
// quotes at the buyer's points, scans, the cart the estimators fill and the counter sale.

export type ClientScope = 'main' | 'store';
export type PriceListResponse = OkOf<typeof shop.priceList>;
export type PriceRow = PriceListResponse['stocklist'][number];
export type QuoteResponse = OkOf<typeof shop.quote>;
export type QuoteLine = QuoteResponse['lines'][number];
export type Cart = OkOf<typeof shop.cart>['cart'];
export type CartCommand = BodyOf<typeof shop.cartCommand>;
export type Buyer = OkOf<typeof shop.buyer>['buyer'];
export type SaleBody = BodyOf<typeof shop.sale>;
export type Receipt = OkOf<typeof shop.sale>['receipt'];
export type ScanItem = OkOf<typeof shop.scan>['stock'];

const calls = {
  priceList: endpoint<typeof shop.priceList>('GET', '/user/price/list'),
  quote: endpoint<typeof shop.quote>('POST', '/shop/quote'),
  scan: endpoint<typeof shop.scan>('GET', '/shop/scan/:code'),
  cart: endpoint<typeof shop.cart>('GET', '/user/cart'),
  cartCommand: endpoint<typeof shop.cartCommand>('POST', '/user/cart'),
  buyer: endpoint<typeof shop.buyer>('GET', '/shop/buyer/:userpk'),
  sale: endpoint<typeof shop.sale>('POST', '/shop/sale'),
};

export const priceListQueryOptions = () =>
  queryOptions({
    queryKey: ['shop', 'price-list'],
    queryFn: ({ signal }) => okOrThrow(calls.priceList({}, withSignal(signal))),
    staleTime: 30_000,
  });

export const usePriceList = () => useQuery(priceListQueryOptions());

export type QuoteItems = BodyOf<typeof shop.quote>['items'];

export const quote = (items: QuoteItems, userpk?: number, signal?: AbortSignal) =>
  calls.quote({ body: userpk === undefined ? { items } : { items, userpk } }, withSignal(signal));

export const quoteQueryOptions = (items: QuoteItems, userpk?: number) =>
  queryOptions({
    queryKey: ['shop', 'quote', userpk ?? 'me', items],
    queryFn: ({ signal }) => okOrThrow(quote(items, userpk, signal)),
    enabled: items.length > 0,
  });

export const useQuote = (items: QuoteItems, userpk?: number) => useQuery(quoteQueryOptions(items, userpk));

export const scanCode = (code: string) => calls.scan({ params: { code } });

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: ['shop', 'cart'],
    queryFn: async ({ signal }) => (await okOrThrow(calls.cart({}, withSignal(signal)))).cart,
  });

export const useCart = () => useQuery(cartQueryOptions());

export const sendCartCommand = (body: CartCommand) => calls.cartCommand({ body });

export const buyerQueryOptions = (userpk: number | 'me', scope: ClientScope) =>
  queryOptions({
    queryKey: ['shop', 'buyer', userpk, scope],
    queryFn: ({ signal }) =>
      okOrThrow(calls.buyer({ params: { userpk: String(userpk) } }, { scope, ...withSignal(signal) })),
  });

export const useBuyer = (userpk: number | 'me' | null, scope: ClientScope) =>
  useQuery({ ...buyerQueryOptions(userpk ?? 'me', scope), enabled: userpk !== null });

export const postSale = (body: SaleBody, scope: ClientScope) => calls.sale({ body }, { scope });
