// The staff stock calls (api/src/contracts/stock.ts; docs/stock.md). Types come from the contract; the
// pages never hand-write a copy. Quantities are decimal numbers, money whole NTD (prices may have cents).
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import type * as stock from '@club/api/contracts/stock';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

export type StockListData = OkOf<typeof stock.stockList>;
export type StockItem = StockListData['stocklist'][number];
export type StockAccount = StockListData['accountlist'][number];
export type RecentSale = StockListData['recentsales'][number];
export type StockViewer = StockListData['viewer'];
export type StockSingleData = OkOf<typeof stock.stockSingle>;
export type GicleeKind = StockSingleData['gicleeKindList'][number];
export type StockLogData = OkOf<typeof stock.stockLog>;
export type StockLogRow = StockLogData['loglist'][number];
export type FilmStatData = OkOf<typeof stock.filmStat>;
export type StockConfigBody = BodyOf<typeof stock.stockConfig>;
export type StockCommandBody = BodyOf<typeof stock.stockCommand>;
export type PurchaseWizardBody = BodyOf<typeof stock.purchaseWizard>;
export type PurchaseWizardReply = ReplyOf<typeof stock.purchaseWizard>;
export type StockLogKind = '1' | '2' | '3' | 'all';

const calls = {
  list: endpoint<typeof stock.stockList>('GET', '/admin/stock/list'),
  add: endpoint<typeof stock.stockNew>('POST', '/admin/stock/new'),
  single: endpoint<typeof stock.stockSingle>('GET', '/admin/stock/:pk'),
  config: endpoint<typeof stock.stockConfig>('PUT', '/admin/stock/:pk'),
  command: endpoint<typeof stock.stockCommand>('POST', '/admin/stock/:pk'),
  batchNew: endpoint<typeof stock.purchaseBatchNew>('POST', '/admin/stock/purchase/new'),
  wizard: endpoint<typeof stock.purchaseWizard>('POST', '/admin/stock/purchase'),
  itemLog: endpoint<typeof stock.stockItemLog>('GET', '/admin/stock/:pk/log/:kind/:page'),
  log: endpoint<typeof stock.stockLog>('GET', '/admin/stock/log/:kind/:pk'),
  deltaEdit: endpoint<typeof stock.stockDeltaEdit>('PUT', '/admin/stockdelta/:pk'),
  filmStat: endpoint<typeof stock.filmStat>('GET', '/admin/stock/film/stat'),
};

/** Every stock read shares this key, so a write refreshes the list, the item and the logs together. */
const stockKey = ['admin', 'stock'] as const;

export const stockListQueryOptions = () =>
  queryOptions({
    queryKey: [...stockKey, 'list'],
    queryFn: ({ signal }) => okOrThrow(calls.list({}, withSignal(signal))),
  });
export const useStockList = () => useQuery(stockListQueryOptions());

export const stockSingleQueryOptions = (pk: string) =>
  queryOptions({
    queryKey: [...stockKey, 'single', pk],
    queryFn: ({ signal }) => calls.single({ params: { pk } }, withSignal(signal)),
  });
export const useStockSingle = (pk: string) => useQuery(stockSingleQueryOptions(pk));

/** AdminStockLog (pk 'all' or an item) and the item's log tab: one page, newest first. */
export const stockLogQueryOptions = (kind: StockLogKind, pk: string, page: number) =>
  queryOptions({
    queryKey: [...stockKey, 'log', kind, pk, page],
    queryFn: ({ signal }) =>
      okOrThrow(calls.log({ params: { kind, pk }, query: { page: String(page) } }, withSignal(signal))),
    placeholderData: (previous) => previous,
  });
export const useStockLog = (kind: StockLogKind, pk: string, page: number) =>
  useQuery(stockLogQueryOptions(kind, pk, page));

export const filmStatQueryOptions = () =>
  queryOptions({
    queryKey: [...stockKey, 'film', 'stat'],
    queryFn: ({ signal }) => okOrThrow(calls.filmStat({}, withSignal(signal))),
  });
export const useFilmStat = () => useQuery(filmStatQueryOptions());

export const addStock = (body: BodyOf<typeof stock.stockNew>) => calls.add({ body });
export const saveStockConfig = (pk: string, body: StockConfigBody) => calls.config({ params: { pk }, body });
export const runStockCommand = (pk: string, body: StockCommandBody) =>
  calls.command({ params: { pk }, body });
export const newPurchaseBatch = (requestId: string) => calls.batchNew({ body: { requestId } });
export const submitPurchaseWizard = (body: PurchaseWizardBody) => calls.wizard({ body });
export const editStockDelta = (pk: number, body: BodyOf<typeof stock.stockDeltaEdit>) =>
  calls.deltaEdit({ params: { pk: String(pk) }, body });

/** After a write every stock view may have changed (and the transactions a purchase booked). */
export const invalidateStock = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: stockKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'trans'] }),
    queryClient.invalidateQueries({ queryKey: ['typeahead2', 'stock'] }),
  ]);
