import type * as darkroom from '@club/api/contracts/darkroom-sessions';
import type { BodyOf, OkOf } from '@club/api/contracts/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// Darkroom sessions (api/src/contracts/darkroom-sessions.ts): the member's session and the counter's, and
// AdminDarkroomLog.

export type DarkroomState = OkOf<typeof darkroom.darkroomSessionGet>;
export type SessionView = NonNullable<DarkroomState['session']>;
export type ChargeView = NonNullable<DarkroomState['preview']>;
export type DarkroomLogRow = OkOf<typeof darkroom.darkroomLog>['loglist'][number];
export type SessionBody = BodyOf<typeof darkroom.darkroomSessionPost>;
export type ClientScope = 'main' | 'store';

const calls = {
  state: endpoint<typeof darkroom.darkroomSessionGet>('GET', '/darkroom/session'),
  post: endpoint<typeof darkroom.darkroomSessionPost>('POST', '/darkroom/session'),
  log: endpoint<typeof darkroom.darkroomLog>('GET', '/admin/darkroom/list/:page'),
};

const key = ['darkroom-sessions'] as const;

/** The session of `userpk` (staff at the counter) or of the viewer ('me'). */
export const useDarkroomState = (userpk: number | 'me' | null, scope: ClientScope) =>
  useQuery({
    queryKey: [...key, 'state', userpk, scope],
    queryFn: ({ signal }) =>
      okOrThrow(
        calls.state(
          { query: userpk === 'me' || userpk === null ? {} : { userpk: String(userpk) } },
          { scope, ...withSignal(signal) },
        ),
      ),
    enabled: userpk !== null,
  });

export function useDarkroomCommand(scope: ClientScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionBody) => calls.post({ body }, { scope }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useDarkroomLog = (page: number) =>
  useQuery({
    queryKey: [...key, 'log', page],
    queryFn: ({ signal }) => okOrThrow(calls.log({ params: { page: String(page) } }, withSignal(signal))),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
