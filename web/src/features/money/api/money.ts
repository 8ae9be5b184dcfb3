import type * as money from '@club/api/contracts/money';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import {
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';
import { currentUserQueryKey, setCurrentUser } from '../../../shared/session/current-user';

// The member's money calls (api/src/contracts/money.ts; docs/api.md, money): transfer, transaction log,
// member fee, pouch top-up, semester info and the user search picker's data. Amounts are whole NTD.

/** The store kiosk embeds pages and sends this scope; the main web app sends 'main'. */
export type ClientScope = 'main' | 'store';

export type TransLogResponse = OkOf<typeof money.transLog>;
/** One side of a transfer, as a row of an account's transaction log (spec doc 3: Transaction). */
export type Transaction = TransLogResponse['loglist'][number];
/** An account on either side of a transaction row. */
export type AccountParty = Transaction['user'];
export type Pager = TransLogResponse['pager'];

export type TransferResponse = ReplyOf<typeof money.transfer>;
export type PayMemberFeeResponse = ReplyOf<typeof money.payMemberFee>;
export type PouchTopUpResponse = ReplyOf<typeof money.pouchTopUp>;

/** A person or a club account the search picker can choose (spec doc 2: searchable kind user). */
export type SearchUser = OkOf<typeof money.userSearchList>['searchlist'][number];
export type SemesterInfo = OkOf<typeof money.storeRefresh>['semesterinfo'];

const calls = {
  transLog: endpoint<typeof money.transLog>('GET', '/user/trans/log/:page'),
  transfer: endpoint<typeof money.transfer>('PUT', '/user/transfer'),
  payMemberFee: endpoint<typeof money.payMemberFee>('PUT', '/user/modify'),
  pouchTopUp: endpoint<typeof money.pouchTopUp>('POST', '/user/pouch/topup'),
  storeRefresh: endpoint<typeof money.storeRefresh>('GET', '/store/refresh'),
  userSearchList: endpoint<typeof money.userSearchList>('GET', '/typeahead2/user'),
};

const moneyKey = ['money'] as const;

/** After money moved, the logs and the person's balance (and membership) may all have changed. */
const invalidateAfterMoney = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: moneyKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);

// --- Transaction log ---

export const getTransLog = (page: number, signal?: AbortSignal): Promise<TransLogResponse> =>
  okOrThrow(calls.transLog({ params: { page: String(page) } }, withSignal(signal)));

export const transLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...moneyKey, 'log', page],
    queryFn: ({ signal }) => getTransLog(page, signal),
    placeholderData: keepPreviousData,
  });

export const useTransLog = (page: number) => useQuery(transLogQueryOptions(page));

// --- Transfer ---

/** The body, with `requestId` the idempotency key (a double click, a lost answer moves money once). */
export type TransferInput = BodyOf<typeof money.transfer> & { scope: ClientScope };

export const transfer = ({ scope, ...body }: TransferInput): Promise<TransferResponse> =>
  calls.transfer({ body }, { scope });

export const transferMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...moneyKey, 'transfer'],
    mutationFn: transfer,
    onSuccess: (response) => (response.status === 'ok' ? invalidateAfterMoney(queryClient) : undefined),
  });

export const useTransfer = () => useMutation(transferMutationOptions(useQueryClient()));

// --- Member fee ---

/** `paymemberfee` is the semester tag paid for. */
export type PayMemberFeeInput = BodyOf<typeof money.payMemberFee> & { scope: ClientScope };

export const payMemberFee = ({ scope, ...body }: PayMemberFeeInput): Promise<PayMemberFeeResponse> =>
  calls.payMemberFee({ body }, { scope });

export const payMemberFeeMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...moneyKey, 'pay-member-fee'],
    mutationFn: payMemberFee,
    onSuccess: async (response) => {
      if (response.status !== 'ok') return;
      // The answer carries the person as they are now (a member), so the home page updates at once.
      setCurrentUser(queryClient, response.user);
      await invalidateAfterMoney(queryClient);
    },
  });

export const usePayMemberFee = () => useMutation(payMemberFeeMutationOptions(useQueryClient()));

// --- Pouch top-up ---

export type PouchTopUpInput = BodyOf<typeof money.pouchTopUp> & { scope: ClientScope };

export const pouchTopUp = ({ scope, ...body }: PouchTopUpInput): Promise<PouchTopUpResponse> =>
  calls.pouchTopUp({ body }, { scope });

export const pouchTopUpMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...moneyKey, 'pouch-top-up'],
    mutationFn: pouchTopUp,
    onSuccess: (response) => (response.status === 'ok' ? invalidateAfterMoney(queryClient) : undefined),
  });

export const usePouchTopUp = () => useMutation(pouchTopUpMutationOptions(useQueryClient()));

// --- Semester info (GET /store/refresh) ---

export const getSemesterInfo = (signal?: AbortSignal) => calls.storeRefresh({}, withSignal(signal));

export const semesterInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...moneyKey, 'semester-info'],
    queryFn: ({ signal }) => getSemesterInfo(signal),
    staleTime: 5 * 60_000,
  });

export const useSemesterInfo = () => useQuery(semesterInfoQueryOptions());

// --- Search picker data (GET /typeahead2/user), cached per kind ---

export const getUserSearchList = (signal?: AbortSignal) =>
  okOrThrow(calls.userSearchList({}, withSignal(signal)));

export const userSearchListQueryOptions = () =>
  queryOptions({
    queryKey: ['typeahead2', 'user'],
    queryFn: ({ signal }) => getUserSearchList(signal),
    staleTime: 5 * 60_000,
  });

export const useUserSearchList = () => useQuery(userSearchListQueryOptions());
