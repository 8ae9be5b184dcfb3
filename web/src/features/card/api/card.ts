import type * as card from '@club/api/contracts/card';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// Card login at the counter (api/src/contracts/card.ts): card registration, kiosk binding and the
// kiosk's long poll.

export type RegisterCardInput = BodyOf<typeof card.registerCard>;
export type RegisterCardResponse = ReplyOf<typeof card.registerCard>;
export type KioskWaitResponse = OkOf<typeof card.kioskWait>;

const calls = {
  register: endpoint<typeof card.registerCard>('POST', '/admin/user/card'),
  userCard: endpoint<typeof card.userCard>('GET', '/admin/user/card/:pk'),
  bind: endpoint<typeof card.bindKiosk>('POST', '/admin/card/kiosk'),
  state: endpoint<typeof card.kioskState>('GET', '/card/kiosk'),
  wait: endpoint<typeof card.kioskWait>('GET', '/card/kiosk/wait'),
};

const cardKey = ['card'] as const;

export const userCardQueryOptions = (pk: number) =>
  queryOptions({
    queryKey: [...cardKey, 'user', pk],
    queryFn: ({ signal }) => okOrThrow(calls.userCard({ params: { pk: String(pk) } }, withSignal(signal))),
    enabled: pk > 0,
  });
export const useUserCard = (pk: number) => useQuery(userCardQueryOptions(pk));

export function useRegisterCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cardKey, 'register'],
    mutationFn: (body: RegisterCardInput) => calls.register({ body }),
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: [...cardKey, 'user', body.pk] }),
  });
}

export const kioskStateQueryOptions = () =>
  queryOptions({
    queryKey: [...cardKey, 'kiosk'],
    queryFn: ({ signal }) => calls.state({}, withSignal(signal)),
  });
export const useKioskState = () => useQuery(kioskStateQueryOptions());

export function useBindKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cardKey, 'bind'],
    mutationFn: (reader: string) => calls.bind({ body: { reader } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...cardKey, 'kiosk'] }),
  });
}

/** One long poll (15 s on the server; the client waits a little longer before it gives up). */
export const waitForCard = (signal: AbortSignal) =>
  okOrThrow(calls.wait({ query: {} }, { signal, scope: 'store', timeoutMs: 19_000 }));
