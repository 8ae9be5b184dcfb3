import type * as points from '@club/api/contracts/points';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import {
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';
import { currentUserQueryKey } from '../../../shared/session/current-user';

// The points calls (api/src/contracts/points.ts; docs/api.md, contribution points). 'user' calls are the
// member's own; 'admin' calls are the staff area's (staff or the point authority), which see every
// record and may review.

export type PointScope = 'user' | 'admin';

export type PointResponse = ReplyOf<typeof points.userPoint>;
/** A point record; `pk` is null for the blank form of a new record. */
export type Point = OkOf<typeof points.userPoint>['point'];
export type UserRef = Point['user'];
/** 0 review failed, 1 not yet effective, 2 valid, 3 expired. */
export type PointStatus = NonNullable<Point['status']>;

/** The member log has `pager_others` too; the admin log does not. */
export type PointLogResponse = OkOf<typeof points.adminPointLog> &
  Partial<Pick<OkOf<typeof points.userPointLog>, 'pager_others'>>;
export type Pager = PointLogResponse['pager'];

export type SavePointResponse = ReplyOf<typeof points.userPointSave>;
/** The form as posted. */
export type PointForm = BodyOf<typeof points.userPointSave>['point'];
export type Confirmtype = NonNullable<PointForm['confirmtype']>;

export type PointStatResponse = OkOf<typeof points.pointStat>;

const calls = {
  user: {
    log: endpoint<typeof points.userPointLog>('GET', '/user/point/log/:page'),
    point: endpoint<typeof points.userPoint>('GET', '/user/point/:pk'),
    save: endpoint<typeof points.userPointSave>('POST', '/user/point/:pk'),
  },
  admin: {
    log: endpoint<typeof points.adminPointLog>('GET', '/admin/point/log/:page'),
    point: endpoint<typeof points.adminPoint>('GET', '/admin/point/:pk'),
    save: endpoint<typeof points.adminPointSave>('POST', '/admin/point/:pk'),
  },
  stat: endpoint<typeof points.pointStat>('GET', '/admin/point/stat'),
  users: endpoint<typeof points.pointUserSearch>('GET', '/admin/point/users'),
};

const pointsKey = ['points'] as const;

// --- Log ---

export const getPointLog = (
  scope: PointScope,
  page: number,
  signal?: AbortSignal,
): Promise<PointLogResponse> =>
  okOrThrow(calls[scope].log({ params: { page: String(page) } }, withSignal(signal)));

export const pointLogQueryOptions = (scope: PointScope, page: number) =>
  queryOptions({
    queryKey: [...pointsKey, scope, 'log', page],
    queryFn: ({ signal }) => getPointLog(scope, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePointLog = (scope: PointScope, page: number) => useQuery(pointLogQueryOptions(scope, page));

// --- One record ---

export const getPoint = (scope: PointScope, pk: string, signal?: AbortSignal): Promise<PointResponse> =>
  calls[scope].point({ params: { pk } }, withSignal(signal));

export const pointQueryOptions = (scope: PointScope, pk: string) =>
  queryOptions({
    queryKey: [...pointsKey, scope, 'point', pk],
    queryFn: ({ signal }) => getPoint(scope, pk, signal),
  });

/** One record; `preloaded` (the row the log was showing) is shown until the server answers. */
export const usePoint = (scope: PointScope, pk: string, preloaded?: Point) =>
  useQuery({
    ...pointQueryOptions(scope, pk),
    ...(preloaded ? { placeholderData: { status: 'ok' as const, point: preloaded } } : {}),
  });

// --- Save ---

/** The body (`requestId`: a retry of the same save is answered with the first result) and where it goes. */
export type SavePointInput = BodyOf<typeof points.userPointSave> & { scope: PointScope; pk: string };

export const savePoint = ({ scope, pk, point, requestId }: SavePointInput): Promise<SavePointResponse> =>
  calls[scope].save({ params: { pk }, body: { point, requestId } });

/** After a save the logs, the record and the member's point total may all have changed. */
export const invalidateAfterSave = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: pointsKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);

export const savePointMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...pointsKey, 'save'],
    mutationFn: savePoint,
    onSuccess: (response) => (response.status === 'ok' ? invalidateAfterSave(queryClient) : undefined),
  });

export const useSavePoint = () => useMutation(savePointMutationOptions(useQueryClient()));

// --- Statistics ---

export const getPointStat = (signal?: AbortSignal): Promise<PointStatResponse> =>
  okOrThrow(calls.stat({}, withSignal(signal)));

export const pointStatQueryOptions = () =>
  queryOptions({ queryKey: [...pointsKey, 'stat'], queryFn: ({ signal }) => getPointStat(signal) });

export const usePointStat = () => useQuery(pointStatQueryOptions());

// --- Recipient search (staff and the point authority) ---

export const searchRecipients = (keyword: string, signal?: AbortSignal) =>
  okOrThrow(calls.users({ query: { keyword } }, withSignal(signal)));

export const recipientSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...pointsKey, 'recipients', keyword],
    queryFn: ({ signal }) => searchRecipients(keyword, signal),
    enabled: keyword.trim() !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    meta: { quietForbidden: true },
  });

export const useRecipientSearch = (keyword: string) => useQuery(recipientSearchQueryOptions(keyword));
