import type * as accounts from '@club/api/contracts/accounts';
import type { BodyOf, ReplyOf } from '@club/api/contracts/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../../shared/api/endpoint';
import { setCurrentUser } from '../../../shared/session/current-user';

// PUT /user/settings/update (api/src/contracts/accounts.ts).

export type UpdateSettingsInput = BodyOf<typeof accounts.updateSettings>;
export type UpdateSettingsResponse = ReplyOf<typeof accounts.updateSettings>;

const updateSettingsCall = endpoint<typeof accounts.updateSettings>('PUT', '/user/settings/update');

export const updateSettings = (input: UpdateSettingsInput): Promise<UpdateSettingsResponse> =>
  updateSettingsCall({ body: input });

export const updateSettingsMutationOptions = () =>
  mutationOptions({ mutationKey: ['user', 'settings'], mutationFn: updateSettings });

/** Saves the person's settings; the answer's user replaces the cached one. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateSettingsMutationOptions(),
    onSuccess: (response) => {
      if (response.status === 'ok') setCurrentUser(queryClient, response.user);
    },
  });
}
