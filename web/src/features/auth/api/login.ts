import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { setCurrentUser } from '../../../shared/session/current-user';
import type { SessionUser } from '../../../shared/session/user';

export interface LoginInput {
  /** A mobile number, university student ID (any case) or e-mail. */
  user: string;
  password: string;
}

export type LoginResponse =
  | { status: 'ok'; user: SessionUser }
  | { status: 'fail'; reason: 'wrong' | string };

export const login = (input: LoginInput): Promise<LoginResponse> =>
  api.post<LoginResponse>('/user/login', { ...input, userscope: 'main' });

export const loginMutationOptions = () =>
  mutationOptions({ mutationKey: ['user', 'login'], mutationFn: login });

/** Logs in; on success the cached current user is replaced so guards see the new session at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    ...loginMutationOptions(),
    onSuccess: (response) => {
      if (response.status === 'ok') setCurrentUser(queryClient, response.user);
    },
  });
}
