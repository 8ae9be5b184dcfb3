import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import type * as userDetail from '@club/api/contracts/user-detail';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// AdminUserDetail's calls (api/src/contracts/user-detail.ts): the detail read and the staff edit.

export type UserDetail = OkOf<typeof userDetail.adminUserDetail>;
export type UserProfile = UserDetail['user'];
export type ProfileEdits = BodyOf<typeof userDetail.adminUserModify>;
export type ProfileEditReply = ReplyOf<typeof userDetail.adminUserModify>;

const calls = {
  detail: endpoint<typeof userDetail.adminUserDetail>('GET', '/admin/user/detail/:pk'),
  modify: endpoint<typeof userDetail.adminUserModify>('PUT', '/admin/user/detail/:pk'),
};

const detailKey = (pk: number) => ['admin', 'user', 'detail', pk] as const;

export const userDetailQueryOptions = (pk: number) =>
  queryOptions({
    queryKey: detailKey(pk),
    queryFn: ({ signal }) => okOrThrow(calls.detail({ params: { pk: String(pk) } }, withSignal(signal))),
  });

export const useUserDetail = (pk: number) => useQuery(userDetailQueryOptions(pk));

export function useModifyProfile(pk: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'user', 'modify', pk],
    mutationFn: (edits: ProfileEdits): Promise<ProfileEditReply> =>
      calls.modify({ params: { pk: String(pk) }, body: edits }),
    // The detail, the lists that show the person and the user change log have changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'user'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'system'] }),
      ]),
  });
}
