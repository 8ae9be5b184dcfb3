import type * as accounts from '@club/api/contracts/accounts';
import type { BodyOf, ReplyOf } from '@club/api/contracts/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { endpoint } from '../../../shared/api/endpoint';

// POST /user/register (api/src/contracts/accounts.ts): the normalised application (the shared rules of
// core/src/accounts/registration-rules.ts) plus the confirmation and agreement.

export type RegisterInput = BodyOf<typeof accounts.register>;
export type RegisterResponse = ReplyOf<typeof accounts.register>;

/** Reasons the server adds to the shared rules' reasons (docs/api.md). */
export type ServerRegistrationReason = (typeof accounts.registrationServerReasons)[number];

const registerCall = endpoint<typeof accounts.register>('POST', '/user/register');

export const register = (input: RegisterInput): Promise<RegisterResponse> => registerCall({ body: input });

export const registerMutationOptions = () =>
  mutationOptions({ mutationKey: ['user', 'register'], mutationFn: register });

export const useRegister = () => useMutation(registerMutationOptions());
