import {
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { currentUserQueryKey, setCurrentUser } from '../../../shared/session/current-user';
import type { SessionUser } from '../../../shared/session/user';

// The member's money calls (docs/api.md, money): transfer, transaction log, member fee, pouch top-up,
// semester info and the user search picker's data. Amounts are whole NTD.

/** The store kiosk embeds pages and sends this scope; the main web app sends 'main'. */
export type ClientScope = 'main' | 'store';

/** An account on either side of a transaction row. */
export interface AccountParty {
  pk: number;
  pkstr: string;
  /** A person's name, or a club account's Chinese name. */
  name: string;
  /** Non-human accounts: the English name. */
  nameEn?: string;
  /** The ledger's account id. */
  account: string;
  /** True for the club's own accounts and staff cash. */
  prefix: boolean;
}

/** One side of a transfer, as a row of an account's transaction log (spec doc 3: Transaction). */
export interface Transaction {
  pk: number;
  /** 'T' + pk. */
  pkstr: string;
  sympk: number | null;
  sympkstr: string | null;
  /** ISO instant. */
  timestamp: string;
  user: AccountParty;
  symuser: AccountParty;
  execuser: { pk: number; pkstr: string; name: string } | null;
  summary: string;
  /** The summary in English (the same text when a person typed it). */
  summaryEn: string;
  /** Signed NTD: positive for money in. */
  delta: number;
  /** The balance right after this row, NTD. */
  balance: number;
  kind: string;
}

export interface Pager {
  totalrows: number;
  rowsperpage: number;
  page: number;
}

export interface TransLogResponse {
  status: 'ok';
  loglist: Transaction[];
  pager: Pager;
}

type Refusal = { status: 'fail'; reason: string };

export type TransferResponse = { status: 'ok'; trans: Transaction; balance: number } | Refusal;
export type PayMemberFeeResponse = { status: 'ok'; user: SessionUser; trans: Transaction } | Refusal;
export type PouchTopUpResponse = { status: 'ok'; trans: Transaction; balance: number } | Refusal;

/** A person or a club account the search picker can choose (spec doc 2: searchable kind user). */
export interface SearchUser {
  pk: number;
  pkstr: string;
  /** Last semester with a paid member fee ('' if never, or a club account). */
  semester: string;
  name: string;
  shortname: string;
  /** True for the club's accounts. */
  prefix: boolean;
}

export interface SemesterInfo {
  semester: string;
  nextsemester: string;
}

const moneyKey = ['money'] as const;

/** After money moved, the logs and the person's balance (and membership) may all have changed. */
const invalidateAfterMoney = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: moneyKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);

// --- Transaction log ---

export const getTransLog = (page: number, signal?: AbortSignal) =>
  api.get<TransLogResponse>(`/user/trans/log/${page}`, signal ? { signal } : {});

export const transLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...moneyKey, 'log', page],
    queryFn: ({ signal }) => getTransLog(page, signal),
    placeholderData: keepPreviousData,
  });

export const useTransLog = (page: number) => useQuery(transLogQueryOptions(page));

// --- Transfer ---

export interface TransferInput {
  touserid: number;
  amount: number;
  summary: string;
  /** Idempotency key: a retry of the same transfer (a double click, a lost answer) moves money once. */
  requestId: string;
  scope: ClientScope;
}

export const transfer = ({ scope, ...body }: TransferInput) =>
  api.put<TransferResponse>('/user/transfer', body, { scope });

export const transferMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...moneyKey, 'transfer'],
    mutationFn: transfer,
    onSuccess: (response) => (response.status === 'ok' ? invalidateAfterMoney(queryClient) : undefined),
  });

export const useTransfer = () => useMutation(transferMutationOptions(useQueryClient()));

// --- Member fee ---

export interface PayMemberFeeInput {
  /** The semester tag paid for. */
  paymemberfee: string;
  requestId: string;
  scope: ClientScope;
}

export const payMemberFee = ({ scope, ...body }: PayMemberFeeInput) =>
  api.put<PayMemberFeeResponse>('/user/modify', body, { scope });

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

export interface PouchTopUpInput {
  barcode: string;
  amount: number;
  scope: ClientScope;
}

export const pouchTopUp = ({ scope, ...body }: PouchTopUpInput) =>
  api.post<PouchTopUpResponse>('/user/pouch/topup', body, { scope });

export const pouchTopUpMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...moneyKey, 'pouch-top-up'],
    mutationFn: pouchTopUp,
    onSuccess: (response) => (response.status === 'ok' ? invalidateAfterMoney(queryClient) : undefined),
  });

export const usePouchTopUp = () => useMutation(pouchTopUpMutationOptions(useQueryClient()));

// --- Semester info (GET /store/refresh) ---

export const getSemesterInfo = (signal?: AbortSignal) =>
  api.get<{ status: 'ok'; semesterinfo: SemesterInfo }>('/store/refresh', signal ? { signal } : {});

export const semesterInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...moneyKey, 'semester-info'],
    queryFn: ({ signal }) => getSemesterInfo(signal),
    staleTime: 5 * 60_000,
  });

export const useSemesterInfo = () => useQuery(semesterInfoQueryOptions());

// --- Search picker data (GET /typeahead2/user), cached per kind ---

export const getUserSearchList = (signal?: AbortSignal) =>
  api.get<{ status: 'ok'; searchlist: SearchUser[] }>('/typeahead2/user', signal ? { signal } : {});

export const userSearchListQueryOptions = () =>
  queryOptions({
    queryKey: ['typeahead2', 'user'],
    queryFn: ({ signal }) => getUserSearchList(signal),
    staleTime: 5 * 60_000,
  });

export const useUserSearchList = () => useQuery(userSearchListQueryOptions());
