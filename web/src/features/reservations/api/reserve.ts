import type * as reservations from '@club/api/contracts/reservations';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REFRESH_MS } from '@club/core/reservations/rules';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// GET /reserve/, POST and DELETE /reserve (api/src/contracts/reservations.ts). Every answer, a refusal
// included, carries the refreshed data, which replaces the page's.

export type ReserveData = OkOf<typeof reservations.reservePage>;
export type ReservationRow = ReserveData['reserveList'][number];
export type Room = ReserveData['roomList'][number];
export type MakeReply = ReplyOf<typeof reservations.makeReservation>;
export type MakeBody = BodyOf<typeof reservations.makeReservation>;
export type DeleteReply = ReplyOf<typeof reservations.deleteReservation>;
export type DeleteBody = BodyOf<typeof reservations.deleteReservation>;

const reservePageCall = endpoint<typeof reservations.reservePage>('GET', '/reserve/');
const makeCall = endpoint<typeof reservations.makeReservation>('POST', '/reserve');
const deleteCall = endpoint<typeof reservations.deleteReservation>('DELETE', '/reserve');

const reserveKey = ['reserve'] as const;

export const getReserveData = (signal?: AbortSignal): Promise<ReserveData> =>
  okOrThrow(reservePageCall({}, withSignal(signal)));

/** Refreshed every 3 minutes (document 2, section 9). */
export const reserveQueryOptions = () =>
  queryOptions({
    queryKey: reserveKey,
    queryFn: ({ signal }) => getReserveData(signal),
    refetchInterval: REFRESH_MS,
  });

export const useReserveData = () => useQuery(reserveQueryOptions());

/** Puts the data an answer carried in place of the page's. */
function useAdoptAnswer() {
  const queryClient = useQueryClient();
  return (reply: MakeReply | DeleteReply) => {
    if (reply.reserveList && reply.roomList && reply.startDateMoment && reply.nowMoment)
      queryClient.setQueryData<ReserveData>(reserveKey, {
        status: 'ok',
        reserveList: reply.reserveList,
        roomList: reply.roomList,
        startDateMoment: reply.startDateMoment,
        nowMoment: reply.nowMoment,
      });
  };
}

export function useMakeReservation() {
  const adopt = useAdoptAnswer();
  return useMutation({
    mutationKey: ['reserve', 'make'],
    mutationFn: (body: MakeBody) => makeCall({ body }),
    onSuccess: adopt,
  });
}

export function useDeleteReservation() {
  const adopt = useAdoptAnswer();
  return useMutation({
    mutationKey: ['reserve', 'delete'],
    mutationFn: (body: DeleteBody) => deleteCall({ body }),
    onSuccess: adopt,
  });
}

const saveRoomCall = endpoint<typeof reservations.saveRoom>('POST', '/admin/reserve/room');
const removeRoomCall = endpoint<typeof reservations.removeRoom>('DELETE', '/admin/reserve/room/:key');
export type SaveRoomBody = BodyOf<typeof reservations.saveRoom>;

/** Staff: add or rename a room, or remove one; the page's data is read again after either. */
export function useRoomAdmin() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reserveKey });
  const save = useMutation({
    mutationKey: ['reserve', 'room', 'save'],
    mutationFn: (body: SaveRoomBody) => saveRoomCall({ body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationKey: ['reserve', 'room', 'remove'],
    mutationFn: (key: string) => removeRoomCall({ params: { key } }),
    onSuccess: refresh,
  });
  return { save, remove };
}
