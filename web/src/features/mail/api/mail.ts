import type * as mail from '@club/api/contracts/mail';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The password reset by e-mail link and the e-mail log (api/src/contracts/mail.ts).

export type ForgotInput = BodyOf<typeof mail.forgotPassword>;
export type ResetInput = BodyOf<typeof mail.resetPassword>;
export type ResetResponse = ReplyOf<typeof mail.resetPassword>;
export type EmailLogResponse = OkOf<typeof mail.emailLog>;
export type EmailLogRow = EmailLogResponse['loglist'][number];

const calls = {
  forgot: endpoint<typeof mail.forgotPassword>('POST', '/user/password/forgot'),
  reset: endpoint<typeof mail.resetPassword>('POST', '/user/password/reset'),
  log: endpoint<typeof mail.emailLog>('GET', '/admin/system/email/log/:page'),
};

export const forgotPassword = (body: ForgotInput) => calls.forgot({ body });
export const useForgotPassword = () =>
  useMutation({ mutationKey: ['user', 'password', 'forgot'], mutationFn: forgotPassword });

export const resetPassword = (body: ResetInput): Promise<ResetResponse> => calls.reset({ body });
export const useResetPassword = () =>
  useMutation({ mutationKey: ['user', 'password', 'reset'], mutationFn: resetPassword });

export const getEmailLog = (page: number, signal?: AbortSignal): Promise<EmailLogResponse> =>
  okOrThrow(calls.log({ params: { page: String(page) } }, withSignal(signal)));

export const emailLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['system', 'email', 'log', page],
    queryFn: ({ signal }) => getEmailLog(page, signal),
    placeholderData: keepPreviousData,
  });

export const useEmailLog = (page: number) => useQuery(emailLogQueryOptions(page));
