import type * as vote from '@club/api/contracts/vote';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// GET/POST /vote and the staff's open and close calls (api/src/contracts/vote.ts).

export type VotePage = OkOf<typeof vote.votePage>;
export type CastVoteBody = BodyOf<typeof vote.castVote>;
export type CastVoteReply = ReplyOf<typeof vote.castVote>;
export type OpenVoteBody = BodyOf<typeof vote.openVote>;
export type BallotOption = 'approve' | 'reject' | 'void';

const votePageCall = endpoint<typeof vote.votePage>('GET', '/vote');
const castVoteCall = endpoint<typeof vote.castVote>('POST', '/vote');
const openVoteCall = endpoint<typeof vote.openVote>('POST', '/admin/vote');
const closeVoteCall = endpoint<typeof vote.closeVote>('POST', '/admin/vote/close');

const votePageKey = ['vote'] as const;

export const getVotePage = (signal?: AbortSignal): Promise<VotePage> =>
  okOrThrow(votePageCall({}, withSignal(signal)));
export const votePageQueryOptions = () =>
  queryOptions({ queryKey: votePageKey, queryFn: ({ signal }) => getVotePage(signal) });
/** The vote page; refreshed every 30 s so a vote that closes shows its result without a reload. */
export const useVotePage = () => useQuery({ ...votePageQueryOptions(), refetchInterval: 30_000 });

export const castVote = (body: CastVoteBody): Promise<CastVoteReply> => castVoteCall({ body });
export function useCastVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['vote', 'cast'],
    mutationFn: castVote,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: votePageKey }),
  });
}

export function useOpenVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['vote', 'open'],
    mutationFn: (body: OpenVoteBody) => openVoteCall({ body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: votePageKey }),
  });
}

export function useCloseVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['vote', 'close'],
    mutationFn: (voteId: string) => closeVoteCall({ body: { voteId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: votePageKey }),
  });
}
