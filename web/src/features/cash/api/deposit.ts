import type * as deposit from '@club/api/contracts/deposit';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// AdminDeposit's calls (api/src/contracts/deposit.ts; docs/api.md, staff cash): the pouch list,
// registration, scan and commit.

export type DepositListResponse = OkOf<typeof deposit.depositList>;
export type Pocket = DepositListResponse['pocketList'][number];
/** 0 registered and unused, 1 used and waiting to be counted, 2 counted in the open batch. */
export type PocketFlag = Pocket['row']['flag'];

export type ScanResponse = ReplyOf<typeof deposit.scanPouch>;
export type CommitResponse = ReplyOf<typeof deposit.commitDeposit>;
export type RegisterResponse = ReplyOf<typeof deposit.registerPouches>;
export type CommitInput = BodyOf<typeof deposit.commitDeposit>;

const calls = {
  list: endpoint<typeof deposit.depositList>('GET', '/admin/deposit/list'),
  register: endpoint<typeof deposit.registerPouches>('POST', '/admin/deposit/pouch'),
  scan: endpoint<typeof deposit.scanPouch>('POST', '/admin/deposit/updateflag'),
  commit: endpoint<typeof deposit.commitDeposit>('POST', '/admin/deposit/commit'),
};

const depositKey = ['admin', 'deposit'] as const;

export const getDepositList = (signal?: AbortSignal): Promise<DepositListResponse> =>
  okOrThrow(calls.list({}, withSignal(signal)));

export const depositListQueryOptions = () =>
  queryOptions({ queryKey: [...depositKey, 'list'], queryFn: ({ signal }) => getDepositList(signal) });

export const useDepositList = () => useQuery(depositListQueryOptions());

const invalidateDeposit = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: depositKey }),
    // The pocketNeedDeposit staff warning changes with the counting.
    queryClient.invalidateQueries({ queryKey: ['admin', 'warning'] }),
  ]);

export const registerPouches = (barcodes: string[]): Promise<RegisterResponse> =>
  calls.register({ body: { barcodes } });

export const scanPocket = (input: BodyOf<typeof deposit.scanPouch>): Promise<ScanResponse> =>
  calls.scan({ body: input });

export const commitDeposit = (input: CommitInput): Promise<CommitResponse> => calls.commit({ body: input });

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
