import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { setCurrentUser } from '../../../shared/session/current-user';
import type { LanguageSetting, SessionUser } from '../../../shared/session/user';

export interface UpdateSettingsInput {
  settings: { lang: LanguageSetting };
}

export type UpdateSettingsResponse = { status: 'ok'; user: SessionUser } | { status: 'fail'; reason: string };

export const updateSettings = (input: UpdateSettingsInput): Promise<UpdateSettingsResponse> =>
  api.put<UpdateSettingsResponse>('/user/settings/update', input);

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
