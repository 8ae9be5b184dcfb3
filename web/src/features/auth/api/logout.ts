import type * as accounts from '@club/api/contracts/accounts';
import type { ReplyOf } from '@club/api/contracts/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../../shared/api/endpoint';
import { setCurrentUser } from '../../../shared/session/current-user';

export type LogoutResponse = ReplyOf<typeof accounts.logout>;

const logoutCall = endpoint<typeof accounts.logout>('POST', '/user/logout');

export const logout = (): Promise<LogoutResponse> => logoutCall({});

export const logoutMutationOptions = () =>
  mutationOptions({ mutationKey: ['user', 'logout'], mutationFn: logout });

/** Logs out and forgets everything cached for the person, then marks the session as a visitor's. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    ...logoutMutationOptions(),
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
      setCurrentUser(queryClient, null);
    },
  });
}
