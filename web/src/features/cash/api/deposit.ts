import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

// AdminDeposit's calls (docs/api.md, staff cash): the pouch list, registration, scan and commit.

/** 0 registered and unused, 1 used and waiting to be counted, 2 counted in the open batch. */
export type PocketFlag = 0 | 1 | 2;

export interface Pocket {
  barcode: string;
  row: {
    user: { pk: number; pkstr: string; name: string } | null;
    timestamp: string;
    amount: number;
    flag: PocketFlag;
    counted: number | null;
    forced: boolean;
  };
}

export interface DepositListResponse {
  status: 'ok';
  pocketList: Pocket[];
  batchNo: number;
  countedCount: number;
  countedTotal: number;
  pocketTotal: number;
  pocketUsed: number;
}

export interface DepositFail {
  status: 'fail';
  reason: string;
  /** With 'amount': what the member declared. */
  declared?: number;
  barcode?: string;
}

export type ScanResponse =
  | { status: 'ok'; pocket: Pocket; countedCount: number; countedTotal: number }
  | DepositFail;

export type CommitResponse =
  | { status: 'ok'; batchNo: number; total: number; pocketCount: number }
  | DepositFail;

export type RegisterResponse = { status: 'ok'; registered: string[]; existing: string[] } | DepositFail;

export interface CommitInput {
  pocketCount: number;
  banknotes: Record<2000 | 1000 | 500 | 200 | 100, number>;
  coins: number;
  banknoteTotal: number;
  requestId: string;
}

const depositKey = ['admin', 'deposit'] as const;

export const getDepositList = (signal?: AbortSignal) =>
  api.get<DepositListResponse>('/admin/deposit/list', signal ? { signal } : {});

export const depositListQueryOptions = () =>
  queryOptions({ queryKey: [...depositKey, 'list'], queryFn: ({ signal }) => getDepositList(signal) });

export const useDepositList = () => useQuery(depositListQueryOptions());

const invalidateDeposit = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: depositKey }),
    // The pocketNeedDeposit staff warning changes with the counting.
    queryClient.invalidateQueries({ queryKey: ['admin', 'warning'] }),
  ]);

export const registerPouches = (barcodes: string[]) =>
  api.post<RegisterResponse>('/admin/deposit/pouch', { barcodes });

export const scanPocket = (input: { scanedPocket: string; amount: number; force: boolean }) =>
  api.post<ScanResponse>('/admin/deposit/updateflag', input);

export const commitDeposit = (input: CommitInput) => api.post<CommitResponse>('/admin/deposit/commit', input);

const depositMutation = <Input, Output>(
  queryClient: QueryClient,
  name: string,
  mutationFn: (input: Input) => Promise<Output>,
) =>
  mutationOptions({
    mutationKey: [...depositKey, name],
    mutationFn,
    onSettled: () => invalidateDeposit(queryClient),
  });

export const useRegisterPouches = () =>
  useMutation(depositMutation(useQueryClient(), 'register', registerPouches));
export const useScanPocket = () => useMutation(depositMutation(useQueryClient(), 'scan', scanPocket));
export const useCommitDeposit = () => useMutation(depositMutation(useQueryClient(), 'commit', commitDeposit));
