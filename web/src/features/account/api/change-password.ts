import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface ChangePasswordInput {
  oldpassword: string;
  newpassword: string;
}

export type ChangePasswordResponse =
  | { status: 'ok' }
  | { status: 'fail'; reason: 'wrong' | 'password_format' | string };

export const changePassword = (input: ChangePasswordInput): Promise<ChangePasswordResponse> =>
  api.put<ChangePasswordResponse>('/user/change/password', input);

export const changePasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['user', 'change-password'], mutationFn: changePassword });

export const useChangePassword = () => useMutation(changePasswordMutationOptions());
