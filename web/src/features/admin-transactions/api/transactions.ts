import type { BodyOf, OkOf, ParamsOf, ReplyOf } from '@club/api/contracts/shared';
import type * as transactions from '@club/api/contracts/transactions';
import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpoint, withSignal } from '../../../shared/api/endpoint';
import { currentUserQueryKey } from '../../../shared/session/current-user';

// AdminTransDetail's calls (api/src/contracts/transactions.ts; docs/api.md, transaction detail and
// corrections; transmodify authority). Money is whole NTD.

export type TransactionDetailResponse = ReplyOf<typeof transactions.transactionDetail>;
export type TransactionDetail = OkOf<typeof transactions.transactionDetail>;
export type Transaction = TransactionDetail['obj'];
/** A party of a transaction: a person's account, a club account, or a staff member's cash in hand. */
export type AccountParty = Transaction['user'];
export type DueLink = NonNullable<TransactionDetail['memberfee']>;
export type DueStatus = DueLink['status'];
export type Correction = TransactionDetail['refunds'][number];

/** A correction's body without its idempotency key (added by `modifyTransaction`). */
export type ModifyCommand = DistributiveOmit<BodyOf<typeof transactions.transactionModify>, 'requestId'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type ModifyResponse = ReplyOf<typeof transactions.transactionModify>;

const detailCall = endpoint<typeof transactions.transactionDetail>('GET', '/admin/trans/detail/:pk');
const modifyCall = endpoint<typeof transactions.transactionModify>('POST', '/admin/trans/modify/:pk');

const transactionsKey = ['admin', 'trans'] as const;

export const getTransactionDetail = (pk: string, signal?: AbortSignal): Promise<TransactionDetailResponse> =>
  detailCall({ params: { pk } }, withSignal(signal));

export const transactionDetailQueryOptions = (pk: string) =>
  queryOptions({
    queryKey: [...transactionsKey, 'detail', pk],
    queryFn: ({ signal }) => getTransactionDetail(pk, signal),
  });

export const useTransactionDetail = (pk: string) => useQuery(transactionDetailQueryOptions(pk));

/** `requestId` is the idempotency key: a retry of the same correction (a double click) is answered once. */
type ModifyInput = {
  pk: ParamsOf<typeof transactions.transactionModify>['pk'];
  command: ModifyCommand;
  requestId: string;
};

export const modifyTransaction = ({ pk, command, requestId }: ModifyInput): Promise<ModifyResponse> =>
  modifyCall({ params: { pk }, body: { ...command, requestId } });

/** After a correction every transaction view and the balances may have changed: the page reloads. */
export const invalidateAfterModify = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionsKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);

export const modifyTransactionMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...transactionsKey, 'modify'],
    mutationFn: modifyTransaction,
    // Whatever the answer, the page shows the ledger as it now is (a modify may stop after its reversal).
    onSettled: () => invalidateAfterModify(queryClient),
  });

export const useModifyTransaction = () => useMutation(modifyTransactionMutationOptions(useQueryClient()));
