import type * as fees from '@club/api/contracts/fee-collection';
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
import { ApiError } from '../../../shared/api/errors';

// AdminReceiveMemberFee's calls (api/src/contracts/fee-collection.ts; docs/api.md, staff cash): today's
// collections, 'prepare' and 'pay'.

export type FeeListResponse = OkOf<typeof fees.todaysCollections>;
/** Fee payment record: one due paid in cash; rows with the same `collection` form one receipt. */
export type FeeCollectionRow = FeeListResponse['loglist'][number];
export type UserRef = FeeCollectionRow['user'];

/** 'prepare' and 'pay' share one path; each answers its own ok body (or the refusal). */
type FeeReply = ReplyOf<typeof fees.feeCollection>;
export type PrepareResponse = Exclude<FeeReply, { detail: 'finish' }>;
export type PayResponse = Exclude<FeeReply, { userwaitforpay: unknown }>;

/** The payer 'prepare' found. `memberfeeSemester`: what a fee paid now is for, null if nothing is left. */
export type FeePayer = Extract<PrepareResponse, { status: 'ok' }>['userwaitforpay'];
/** A workshop entry whose deposit is unpaid; `pk` is '{semester}:{kind}'. */
export type PendingWorkshop = Extract<PrepareResponse, { status: 'ok' }>['workshoplist'][number];

/** The 'pay' body without its command; `requestId` makes a retry (a double click, a lost answer) safe. */
export type PayInput = Omit<Extract<BodyOf<typeof fees.feeCollection>, { cmd: 'pay' }>, 'cmd'>;

const todaysCollectionsCall = endpoint<typeof fees.todaysCollections>('GET', '/admin/receive/member/fee');
const feeCollectionCall = endpoint<typeof fees.feeCollection>('POST', '/admin/receive/member/fee');

/** The one place the shared answer of the path becomes the command's: an ok body of the other command is a broken answer. */
async function answerOf<Reply extends FeeReply>(
  reply: Promise<FeeReply>,
  isThisCommand: (body: FeeReply) => body is Reply,
): Promise<Reply> {
  const body = await reply;
  if (isThisCommand(body)) return body;
  throw new ApiError(200, 'badjson', 'the fee call answered another command');
}

const feeKey = ['admin', 'receive', 'member', 'fee'] as const;

export const getTodaysCollections = (signal?: AbortSignal): Promise<FeeListResponse> =>
  okOrThrow(todaysCollectionsCall({}, withSignal(signal)));

export const todaysCollectionsQueryOptions = () =>
  queryOptions({ queryKey: feeKey, queryFn: ({ signal }) => getTodaysCollections(signal) });

export const useTodaysCollections = () => useQuery(todaysCollectionsQueryOptions());

export const prepareFee = (keyword: string): Promise<PrepareResponse> =>
  answerOf(
    feeCollectionCall({ body: { cmd: 'prepare', keyword } }),
    (body): body is PrepareResponse => body.status !== 'ok' || 'userwaitforpay' in body,
  );

export const usePrepareFee = () =>
  useMutation({ mutationKey: [...feeKey, 'prepare'], mutationFn: prepareFee });

export const payFee = (input: PayInput): Promise<PayResponse> =>
  answerOf(
    feeCollectionCall({ body: { cmd: 'pay', ...input } }),
    (body): body is PayResponse => body.status !== 'ok' || 'resultList' in body,
  );

export const payFeeMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...feeKey, 'pay'],
    mutationFn: payFee,
    onSettled: () => queryClient.invalidateQueries({ queryKey: feeKey }),
  });

export const usePayFee = () => useMutation(payFeeMutationOptions(useQueryClient()));
