import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { currentUserQueryKey } from '../../../shared/session/current-user';

// AdminTransDetail's calls (docs/api.md, transaction detail and corrections; transmodify authority).
// Money is whole NTD.

/** A party of a transaction: a person's account, a club account, or a staff member's cash in hand. */
export interface AccountParty {
  pk: number;
  pkstr: string;
  name: string;
  /** Club accounts and staff cash: the name in English. */
  nameEn?: string;
  /** The ledger's account id: '{pk}' or 'cash-{pk}'. */
  account: string;
  /** True for the club's accounts and staff cash (not a person). */
  prefix: boolean;
}

export interface PersonRef {
  pk: number;
  pkstr: string;
  name: string;
}

export interface Transaction {
  pk: number;
  pkstr: string;
  sympk: number | null;
  sympkstr: string | null;
  timestamp: string;
  user: AccountParty;
  symuser: AccountParty;
  execuser: PersonRef | null;
  summary: string;
  /** The summary in English (the same text when a person typed it). */
  summaryEn: string;
  /** NTD: negative for money out of `user`. */
  delta: number;
  balance: number;
  kind: string;
  transferKey: string;
}

export type DueStatus = 'paid' | 'refunded' | 'pending' | 'open';

export interface DueLink {
  semester: string;
  user: AccountParty;
  status: DueStatus;
}

export interface Correction {
  pk: number;
  pkstr: string;
  kind: string;
  timestamp: string;
  amount: number;
  summary: string;
  /** The summary in English (the same text when a person typed it). */
  summaryEn: string;
  execuser: PersonRef | null;
}

export interface TransactionDetail {
  status: 'ok';
  obj: Transaction;
  memberfee: DueLink | null;
  workshop: (DueLink & { kind: number }) | null;
  stockdelta: { stockPk: number; kind: number; delta: number } | null;
  gicleejob: { pk: number } | null;
  refunds: Correction[];
  refundable: number;
  modifiable: boolean;
  corrects: number | null;
  replacedBy: number | null;
}

export type TransactionDetailResponse = TransactionDetail | { status: 'fail'; reason: string };

export type ModifyCommand =
  | {
      cmd: 'refund';
      refundAmount: number;
      refundStockDelta: number;
      refundReason: string;
      memberFee: boolean;
      removeGicleeLink: boolean;
    }
  | { cmd: 'modify'; modifyUser: PersonRef | null; modifyAmount: number; modifySummary: string }
  | { cmd: 'delete'; refundReason?: string };

export type ModifyResponse =
  | { status: 'ok'; pk: number; transferKey: string }
  | { status: 'fail'; reason: string; reversed?: boolean };

const transactionsKey = ['admin', 'trans'] as const;

export const getTransactionDetail = (pk: string, signal?: AbortSignal) =>
  api.get<TransactionDetailResponse>(`/admin/trans/detail/${pk}`, signal ? { signal } : {});

export const transactionDetailQueryOptions = (pk: string) =>
  queryOptions({
    queryKey: [...transactionsKey, 'detail', pk],
    queryFn: ({ signal }) => getTransactionDetail(pk, signal),
  });

export const useTransactionDetail = (pk: string) => useQuery(transactionDetailQueryOptions(pk));

export interface ModifyInput {
  pk: string;
  command: ModifyCommand;
  /** Idempotency key: a retry of the same correction (a double click) is answered once. */
  requestId: string;
}

export const modifyTransaction = ({ pk, command, requestId }: ModifyInput) =>
  api.post<ModifyResponse>(`/admin/trans/modify/${pk}`, { ...command, requestId });

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
