import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { setCurrentUser } from '../../../shared/session/current-user';

export interface LogoutResponse {
  status: 'ok';
}

export const logout = (): Promise<LogoutResponse> => api.post<LogoutResponse>('/user/logout');

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
