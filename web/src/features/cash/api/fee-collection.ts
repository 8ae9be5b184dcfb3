import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

// AdminReceiveMemberFee's calls (docs/api.md, staff cash): today's collections, 'prepare' and 'pay'.

export interface UserRef {
  pk: number;
  pkstr: string;
  name: string;
}

/** Fee payment record: one due paid in cash; rows with the same `collection` form one receipt. */
export interface FeeCollectionRow {
  pk: number;
  user: UserRef;
  trans: { pk: number; pkstr: string; timestamp: string; summary: string; summaryEn: string; delta: number };
  collection: string;
  kind: 'memberfee' | 'workshop';
  semester: string;
  workshopKind: number | null;
  staff: UserRef;
  refunded: boolean;
}

export interface FeeListResponse {
  status: 'ok';
  loglist: FeeCollectionRow[];
  count: number;
  total: number;
}

/** The payer 'prepare' found. `memberfeeSemester`: what a fee paid now is for, null if nothing is left. */
export interface FeePayer {
  pk: number;
  pkstr: string;
  name: string;
  studepartment: string;
  stuid: string;
  identity: number;
  ismember: boolean;
  isnextmember: boolean;
  lastmember: string | null;
  keyword: string;
  memberfeeSemester: string | null;
  memberfee: number;
}

/** A workshop entry whose deposit is unpaid; `pk` is '{semester}:{kind}'. */
export interface PendingWorkshop {
  pk: string;
  kind: number;
  semester: string;
  trans: false;
  amount: number;
}

export interface FeeFail {
  status: 'fail';
  reason: string;
  /** The payer's name, with 'already' and the other refusals about a found person. */
  name?: string;
}

export type PrepareResponse =
  | { status: 'ok'; userwaitforpay: FeePayer; workshoplist: PendingWorkshop[] }
  | FeeFail;

export type PayResponse = { status: 'ok'; detail: 'finish'; resultList: FeeCollectionRow[] } | FeeFail;

export interface PayInput {
  userwaitforpay: FeePayer;
  memberfeeChecked: boolean;
  workshopChecked: string[];
  totalNeedPay: number;
  /** Idempotency key: a retry of the same payment (a double click, a lost answer) is answered once. */
  requestId: string;
}

const feeKey = ['admin', 'receive', 'member', 'fee'] as const;
const FEE_PATH = '/admin/receive/member/fee';

export const getTodaysCollections = (signal?: AbortSignal) =>
  api.get<FeeListResponse>(FEE_PATH, signal ? { signal } : {});

export const todaysCollectionsQueryOptions = () =>
  queryOptions({ queryKey: feeKey, queryFn: ({ signal }) => getTodaysCollections(signal) });

export const useTodaysCollections = () => useQuery(todaysCollectionsQueryOptions());

export const prepareFee = (keyword: string) =>
  api.post<PrepareResponse>(FEE_PATH, { cmd: 'prepare', keyword });

export const usePrepareFee = () =>
  useMutation({ mutationKey: [...feeKey, 'prepare'], mutationFn: prepareFee });

export const payFee = (input: PayInput) => api.post<PayResponse>(FEE_PATH, { cmd: 'pay', ...input });

export const payFeeMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...feeKey, 'pay'],
    mutationFn: payFee,
    onSettled: () => queryClient.invalidateQueries({ queryKey: feeKey }),
  });

export const usePayFee = () => useMutation(payFeeMutationOptions(useQueryClient()));
