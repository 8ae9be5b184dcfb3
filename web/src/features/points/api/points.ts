import {
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { currentUserQueryKey } from '../../../shared/session/current-user';

// The points calls (docs/api.md, contribution points). 'user' calls are the member's own; 'admin' calls
// are the staff area's (staff or the point authority), which see every record and may review.

export type PointScope = 'user' | 'admin';

export interface UserRef {
  pk: number;
  pkstr: string;
  name: string;
}

/** 0 review failed, 1 not yet effective, 2 valid, 3 expired. */
export type PointStatus = 0 | 1 | 2 | 3;

export type Confirmtype = 'set' | 'valid' | 'invalid';

export interface Point {
  /** Null for the blank form of a new record. */
  pk: number | null;
  /** PT-{pk}. */
  pkstr: string;
  workdate: string;
  /** The applicant. */
  user: UserRef;
  receiveuser: UserRef | null;
  /** The kind's Chinese name as the spec lists it; `kindkey` is its stable key. */
  kind: string;
  kindkey: string;
  reason: string;
  /** Points as a decimal (1 point = 1 hour); null on a blank form. */
  applypoint: number | null;
  status: PointStatus | null;
  /** When the points take (or took) effect, ISO. */
  confirmtime: string | null;
  expiretime: string | null;
  requesttime: string | null;
  reviewtime: string | null;
  canEdit: boolean;
  canSave: boolean;
}

export interface Pager {
  totalrows: number;
  rowsperpage: number;
  page: number;
}

export interface PointLogResponse {
  status: 'ok';
  pager: Pager;
  loglist: Point[];
  loglist_others: Point[];
  /** The member log only: the pager of loglist_others. */
  pager_others?: Pager;
}

export type PointResponse = { status: 'ok'; point: Point } | { status: 'fail'; reason: string };

export type SavePointResponse =
  | { status: 'ok'; point: Point }
  | { status: 'fail'; reason: string; remaining?: number };

export interface PointStatResponse {
  status: 'ok';
  loglist: { user: UserRef; point: number; discount: number }[];
  totalpoint: number;
  totaldiscount: number;
}

export interface PointForm {
  workdate: string;
  receiveuser: UserRef | null;
  kind: string;
  reason: string;
  applypoint: number | null;
  confirmtype?: Confirmtype;
}

const pointsKey = ['points'] as const;

// --- Log ---

export const getPointLog = (scope: PointScope, page: number, signal?: AbortSignal) =>
  api.get<PointLogResponse>(`/${scope}/point/log/${page}`, signal ? { signal } : {});

export const pointLogQueryOptions = (scope: PointScope, page: number) =>
  queryOptions({
    queryKey: [...pointsKey, scope, 'log', page],
    queryFn: ({ signal }) => getPointLog(scope, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePointLog = (scope: PointScope, page: number) => useQuery(pointLogQueryOptions(scope, page));

// --- One record ---

export const getPoint = (scope: PointScope, pk: string, signal?: AbortSignal) =>
  api.get<PointResponse>(`/${scope}/point/${pk}`, signal ? { signal } : {});

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

export interface SavePointInput {
  scope: PointScope;
  pk: string;
  point: PointForm;
  /** Idempotency key: a retry of the same save is answered with the first result. */
  requestId: string;
}

export const savePoint = ({ scope, pk, point, requestId }: SavePointInput) =>
  api.post<SavePointResponse>(`/${scope}/point/${pk}`, { point, requestId });

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

export const getPointStat = (signal?: AbortSignal) =>
  api.get<PointStatResponse>('/admin/point/stat', signal ? { signal } : {});

export const pointStatQueryOptions = () =>
  queryOptions({ queryKey: [...pointsKey, 'stat'], queryFn: ({ signal }) => getPointStat(signal) });

export const usePointStat = () => useQuery(pointStatQueryOptions());

// --- Recipient search (staff and the point authority) ---

export const searchRecipients = (keyword: string, signal?: AbortSignal) =>
  api.get<{ status: 'ok'; list: UserRef[] }>(
    `/admin/point/users?keyword=${encodeURIComponent(keyword)}`,
    signal ? { signal } : {},
  );

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
