import type * as giclee from '@club/api/contracts/giclee';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The giclee calls (api/src/contracts/giclee.ts): the job history, its set calls and payment, P6000 stats.

export type GicleeHistory = OkOf<typeof giclee.jobHistory>;
export type GicleeJob = GicleeHistory['loglist'][number];
export type GicleeFilter = 'all' | 'notpaid';
export type GicleeSetReply = ReplyOf<typeof giclee.setHeight>;
export type P6000Stat = OkOf<typeof giclee.p6000Stat>;

const historyCall = endpoint<typeof giclee.jobHistory>('GET', '/admin/giclee/job/history/:filter/:page');
const setCalls = {
  setheight: endpoint<typeof giclee.setHeight>('PUT', '/admin/giclee/setheight'),
  setfee: endpoint<typeof giclee.setFee>('PUT', '/admin/giclee/setfee'),
  setcomment: endpoint<typeof giclee.setComment>('PUT', '/admin/giclee/setcomment'),
  setpapertype: endpoint<typeof giclee.setPaperType>('PUT', '/admin/giclee/setpapertype'),
  setnoneedtopay: endpoint<typeof giclee.setNoNeedToPay>('PUT', '/admin/giclee/setnoneedtopay'),
};
const payCall = endpoint<typeof giclee.pay>('POST', '/admin/giclee/pay');
const statCall = endpoint<typeof giclee.p6000Stat>('GET', '/admin/p6000/stat');

/** New jobs arrive with the printer-poll (every minute): the list refreshes itself every 15 s. */
export const HISTORY_REFRESH_MS = 15_000;

export const gicleeHistoryQueryOptions = (filter: GicleeFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'giclee', 'history', filter, page],
    queryFn: ({ signal }) =>
      okOrThrow(historyCall({ params: { filter, page: String(page) } }, withSignal(signal))),
    refetchInterval: HISTORY_REFRESH_MS,
  });

export const useGicleeHistory = (filter: GicleeFilter, page: number) =>
  useQuery(gicleeHistoryQueryOptions(filter, page));

export type GicleeAction =
  | { call: 'setheight'; body: BodyOf<typeof giclee.setHeight> }
  | { call: 'setfee'; body: BodyOf<typeof giclee.setFee> }
  | { call: 'setcomment'; body: BodyOf<typeof giclee.setComment> }
  | { call: 'setpapertype'; body: BodyOf<typeof giclee.setPaperType> }
  | { call: 'setnoneedtopay'; body: BodyOf<typeof giclee.setNoNeedToPay> }
  | { call: 'pay'; body: BodyOf<typeof giclee.pay> };

function runAction(action: GicleeAction): Promise<GicleeSetReply> {
  switch (action.call) {
    case 'setheight':
      return setCalls.setheight({ body: action.body });
    case 'setfee':
      return setCalls.setfee({ body: action.body });
    case 'setcomment':
      return setCalls.setcomment({ body: action.body });
    case 'setpapertype':
      return setCalls.setpapertype({ body: action.body });
    case 'setnoneedtopay':
      return setCalls.setnoneedtopay({ body: action.body });
    case 'pay':
      return payCall({ body: action.body });
  }
}

/** One set call or a payment; the lists are read again after it. */
export function useGicleeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'giclee', 'action'],
    mutationFn: runAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'giclee'] }),
  });
}

export const p6000StatQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'p6000', 'stat'],
    queryFn: ({ signal }) => okOrThrow(statCall({}, withSignal(signal))),
  });

export const useP6000Stat = () => useQuery(p6000StatQueryOptions());
