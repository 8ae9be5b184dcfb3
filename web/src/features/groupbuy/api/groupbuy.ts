import type * as groupbuy from '@club/api/contracts/groupbuy';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// Group buys (api/src/contracts/groupbuy.ts; docs/groupbuy.md).

export type GroupBuyPage = OkOf<typeof groupbuy.groupBuyList>;
export type GroupBuy = GroupBuyPage['groupBuyList'][number];
export type GroupBuyOrder = GroupBuy['orderlist'][number];
export type OrderBody = BodyOf<typeof groupbuy.placeGroupBuyOrder>;
export type EstimateReply = ReplyOf<typeof groupbuy.estimateGroupBuyOrder>;
export type ManualAddBody = BodyOf<typeof groupbuy.addManualGroupBuyOrder>;
export type OpenBody = BodyOf<typeof groupbuy.openGroupBuy>;

const listCall = endpoint<typeof groupbuy.groupBuyList>('GET', '/groupbuy');
const listOfCall = endpoint<typeof groupbuy.groupBuyListOf>('GET', '/groupbuy/:pk');
const estimateCall = endpoint<typeof groupbuy.estimateGroupBuyOrder>('POST', '/groupbuy/order/estimate');
const orderCall = endpoint<typeof groupbuy.placeGroupBuyOrder>('POST', '/groupbuy/order');
const cancelCall = endpoint<typeof groupbuy.cancelGroupBuyOrder>('POST', '/groupbuy/order/cancel');
const endCall = endpoint<typeof groupbuy.endGroupBuy>('POST', '/groupbuy/end');
const openCall = endpoint<typeof groupbuy.openGroupBuy>('POST', '/groupbuy/open');
const manualAddCall = endpoint<typeof groupbuy.addManualGroupBuyOrder>('POST', '/groupbuy/order/manual/add');
const rateCall = endpoint<typeof groupbuy.setGroupBuyRate>('POST', '/groupbuy/rate');

const groupBuyKey = ['groupbuy'] as const;

export const getGroupBuyPage = (pk: string | undefined, signal?: AbortSignal): Promise<GroupBuyPage> =>
  okOrThrow(
    pk === undefined || pk === ''
      ? listCall({}, withSignal(signal))
      : listOfCall({ params: { pk } }, withSignal(signal)),
  );
export const groupBuyPageQueryOptions = (pk: string | undefined) =>
  queryOptions({
    queryKey: [...groupBuyKey, pk ?? 'all'],
    queryFn: ({ signal }) => getGroupBuyPage(pk, signal),
  });
export const useGroupBuyPage = (pk: string | undefined) => useQuery(groupBuyPageQueryOptions(pk));

export const estimateOrder = (body: OrderBody) => estimateCall({ body });

function useGroupBuyMutation<Input, Reply>(name: string, call: (input: Input) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['groupbuy', name],
    mutationFn: call,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: groupBuyKey }),
  });
}

export const usePlaceOrder = () => useGroupBuyMutation('order', (body: OrderBody) => orderCall({ body }));
export const useCancelOrder = () =>
  useGroupBuyMutation('cancel', (gbopk: number) => cancelCall({ body: { gbopk } }));
export const useEndGroupBuy = () => useGroupBuyMutation('end', (pk: number) => endCall({ body: { pk } }));
export const useOpenGroupBuy = () => useGroupBuyMutation('open', (body: OpenBody) => openCall({ body }));
export const useSetRate = () =>
  useGroupBuyMutation('rate', (body: { currency: string; rate: string }) => rateCall({ body }));
export const useAddManualOrder = () =>
  useGroupBuyMutation('manual', (body: ManualAddBody) => manualAddCall({ body }));
