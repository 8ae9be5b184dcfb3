import type * as accounts from '@club/api/contracts/accounts';
import type { BodyOf, ReplyOf } from '@club/api/contracts/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { endpoint } from '../../../shared/api/endpoint';

// PUT /user/change/password (api/src/contracts/accounts.ts). Refusals: 'blank', 'wrong', 'password_format'.

export type ChangePasswordInput = BodyOf<typeof accounts.changePassword>;
export type ChangePasswordResponse = ReplyOf<typeof accounts.changePassword>;

const changePasswordCall = endpoint<typeof accounts.changePassword>('PUT', '/user/change/password');

export const changePassword = (input: ChangePasswordInput): Promise<ChangePasswordResponse> =>
  changePasswordCall({ body: input });

export const changePasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['user', 'change-password'], mutationFn: changePassword });

export const useChangePassword = () => useMutation(changePasswordMutationOptions());
