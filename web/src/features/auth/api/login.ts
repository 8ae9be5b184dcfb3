import type * as accounts from '@club/api/contracts/accounts';
import type { BodyOf, ReplyOf } from '@club/api/contracts/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../../shared/api/endpoint';
import { setCurrentUser } from '../../../shared/session/current-user';

// POST /user/login (api/src/contracts/accounts.ts). Refusal: 'wrong'; 429 'toomany' throws.

/** A mobile number, university student ID (any case) or e-mail, and the password; the scope is added here. */
export type LoginInput = Omit<BodyOf<typeof accounts.login>, 'userscope'>;
export type LoginResponse = ReplyOf<typeof accounts.login>;

const loginCall = endpoint<typeof accounts.login>('POST', '/user/login');

export const login = (input: LoginInput): Promise<LoginResponse> =>
  loginCall({ body: { ...input, userscope: 'main' } });

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
