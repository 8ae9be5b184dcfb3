import type * as door from '@club/api/contracts/door';
import type { OkOf, ReplyOf } from '@club/api/contracts/shared';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// GET and POST /open/door, and the opendoor system log (api/src/contracts/door.ts).

export type DoorPage = OkOf<typeof door.doorPage>;
export type DoorPageRow = DoorPage['loglist'][number];
export type OpenDoorReply = ReplyOf<typeof door.openDoor>;
export type OpendoorLog = OkOf<typeof door.opendoorLog>;
export type OpendoorLogRow = OpendoorLog['loglist'][number];

const doorPageCall = endpoint<typeof door.doorPage>('GET', '/open/door');
const openDoorCall = endpoint<typeof door.openDoor>('POST', '/open/door');
const opendoorLogCall = endpoint<typeof door.opendoorLog>('GET', '/admin/system/opendoor/log/:page');

const doorPageKey = ['open', 'door'] as const;

export const getDoorPage = (signal?: AbortSignal): Promise<DoorPage> =>
  okOrThrow(doorPageCall({}, withSignal(signal)));

export const doorPageQueryOptions = () =>
  queryOptions({ queryKey: doorPageKey, queryFn: ({ signal }) => getDoorPage(signal) });

export const useDoorPage = (enabled = true) => useQuery({ ...doorPageQueryOptions(), enabled });

/** One press of the button: `requestId` is the press's own, so a retried request does not open twice. */
export const openDoor = (input: { requestId: string; simple: boolean }): Promise<OpenDoorReply> =>
  openDoorCall({ body: input });

export const openDoorMutationOptions = () =>
  mutationOptions({ mutationKey: ['open', 'door', 'open'], mutationFn: openDoor });

/** Opens the door; the answer's list replaces the page's. */
export function useOpenDoor() {
  const queryClient = useQueryClient();
  return useMutation({
    ...openDoorMutationOptions(),
    onSuccess: (reply) => {
      const loglist = reply.loglist;
      if (loglist)
        queryClient.setQueryData<DoorPage>(doorPageKey, (page) => (page ? { ...page, loglist } : page));
    },
  });
}

export const getOpendoorLog = (page: number, signal?: AbortSignal): Promise<OpendoorLog> =>
  okOrThrow(opendoorLogCall({ params: { page: String(page) } }, withSignal(signal)));

export const opendoorLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'system', 'opendoor', 'log', page],
    queryFn: ({ signal }) => getOpendoorLog(page, signal),
  });

export const useOpendoorLog = (page: number) => useQuery(opendoorLogQueryOptions(page));
