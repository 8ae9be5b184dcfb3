import type * as duo from '@club/api/contracts/print-duo';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, CLIENT_SCOPE } from '../../../shared/api/client';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The duo alignment calls (api/src/contracts/print-duo.ts): the offsets (xydirsync), the edge photos, the
// adjustment job, and the test sheet's address.

export type Xydir = OkOf<typeof duo.xydirGet>['xydir'];
export type PhotoReply = ReplyOf<typeof duo.photo>;
export type AlignmentReply = ReplyOf<typeof duo.duoalignment>;
export type Side = 'left' | 'right';

const xydirCall = endpoint<typeof duo.xydirGet>('GET', '/print/:pk/xydirsync/:s3pk');
const xydirSetCall = endpoint<typeof duo.xydirPost>('POST', '/print/:pk/xydirsync/:s3pk');
const alignmentCall = endpoint<typeof duo.duoalignment>('POST', '/print/:pk/duoalignment/:s3pk');

/** While the adjusted image is being made, the page asks every 2.5 s (as the print project's lastlog). */
export const ADJUSTMENT_POLL_MS = 2_500;

export const xydirQueryOptions = (pk: string, s3pk: string) =>
  queryOptions({
    queryKey: ['print', pk, 'duo', s3pk],
    queryFn: ({ signal }) => okOrThrow(xydirCall({ params: { pk, s3pk } }, withSignal(signal))),
    refetchInterval: (query) =>
      query.state.data?.xydir.adjustment.status === 'running' ? ADJUSTMENT_POLL_MS : false,
  });

export const useXydir = (pk: string, s3pk: string) => useQuery(xydirQueryOptions(pk, s3pk));

export function useSetOffsets(pk: string, s3pk: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof duo.xydirPost>) => xydirSetCall({ params: { pk, s3pk }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['print', pk, 'duo', s3pk] }),
  });
}

export function useRequestAlignment(pk: string, s3pk: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => alignmentCall({ params: { pk, s3pk } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['print', pk, 'duo', s3pk] }),
  });
}

/** The photo goes as the request's body (as the camera made it), not as JSON. */
async function sendPhoto(pk: string, s3pk: string, side: Side, photo: File): Promise<PhotoReply> {
  const response = await fetch(`${API_BASE}/print/${pk}/duophoto/${s3pk}/${side}`, {
    method: 'POST',
    headers: { Accept: 'application/json', Scope: CLIENT_SCOPE, 'Content-Type': photo.type || 'image/jpeg' },
    body: photo,
    credentials: 'same-origin',
  });
  if (!response.ok && response.status !== 200) return { status: 'fail', reason: `http${response.status}` };
  return (await response.json()) as PhotoReply;
}

export function useSendPhoto(pk: string, s3pk: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ side, photo }: { side: Side; photo: File }) => sendPhoto(pk, s3pk, side, photo),
    onSuccess: () => client.invalidateQueries({ queryKey: ['print', pk, 'duo', s3pk] }),
  });
}

export const testSheetUrl = (pk: string, s3pk: string, face: 'front' | 'back') =>
  `${API_BASE}/print/${pk}/duoprint/${s3pk}/testsheet/${face}.png`;
