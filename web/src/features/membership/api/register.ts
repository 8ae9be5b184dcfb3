import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { RegistrationApplication } from '@club/core/accounts/registration-rules';
import { api } from '../../../shared/api/client';
import type { MembersGroup } from '../lib/wizard';

/** What the server checks again: the normalised application plus the confirmation and agreement. */
export type RegisterInput = RegistrationApplication & { password2: string; ruleagree: boolean };

/** Reasons the server adds to the shared rules' reasons (docs/api.md). */
export type ServerRegistrationReason =
  | 'duplicated_mobile'
  | 'duplicated_stuid'
  | 'duplicated_email'
  | 'unknown';

export type RegisterResponse = { status: 'ok'; fbgroup: MembersGroup } | { status: 'fail'; reason: string };

export const register = (input: RegisterInput): Promise<RegisterResponse> =>
  api.post<RegisterResponse>('/user/register', input);

export const registerMutationOptions = () =>
  mutationOptions({ mutationKey: ['user', 'register'], mutationFn: register });

export const useRegister = () => useMutation(registerMutationOptions());
