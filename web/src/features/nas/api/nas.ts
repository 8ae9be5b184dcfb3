import type * as nas from '@club/api/contracts/nas';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// GET /nas and the staff's GET/POST /admin/nas (api/src/contracts/nas.ts).

export type NasAccount = OkOf<typeof nas.nasAccount>;
export type NasAccountList = OkOf<typeof nas.nasAccountList>;
export type NasAccountRow = NasAccountList['loglist'][number];
export type NasChangeReply = ReplyOf<typeof nas.nasAccountChange>;
export type NasChange = BodyOf<typeof nas.nasAccountChange>;

const accountCall = endpoint<typeof nas.nasAccount>('GET', '/nas');
const listCall = endpoint<typeof nas.nasAccountList>('GET', '/admin/nas');
const changeCall = endpoint<typeof nas.nasAccountChange>('POST', '/admin/nas');

export const nasAccountQueryOptions = () =>
  queryOptions({
    queryKey: ['nas'],
    queryFn: ({ signal }) => okOrThrow(accountCall({}, withSignal(signal))),
    // The password is shown, not kept: no refetch in the background, dropped soon after leaving.
    gcTime: 0,
  });

export const useNasAccount = () => useQuery(nasAccountQueryOptions());

export const nasAccountListQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'nas'],
    queryFn: ({ signal }) => okOrThrow(listCall({}, withSignal(signal))),
  });

export const useNasAccountList = () => useQuery(nasAccountListQueryOptions());

export const changeNasAccount = (body: NasChange): Promise<NasChangeReply> => changeCall({ body });

export function useChangeNasAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'nas', 'change'],
    mutationFn: changeNasAccount,
    onSuccess: (reply) => {
      if (reply.status === 'ok') queryClient.setQueryData(['admin', 'nas'], reply);
    },
  });
}
