import type * as signin from '@club/api/contracts/signin';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// GET/POST /signin, the staff's sheets and the workshop attendance (api/src/contracts/signin.ts).

export type SignInPage = OkOf<typeof signin.signInPage>;
export type SignInReply = ReplyOf<typeof signin.signIn>;
export type Sheet = OkOf<typeof signin.adminSignInList>['loglist'][number];
export type SheetDetail = OkOf<typeof signin.adminSignInSheet>;
export type CreateSheetBody = BodyOf<typeof signin.createSheet>;
export type CreateSheetReply = ReplyOf<typeof signin.createSheet>;
export type WorkshopList = OkOf<typeof signin.workshopSheetsList>['list'];
export type WorkshopAttendance = OkOf<typeof signin.workshopAttendance>;

const signInPageCall = endpoint<typeof signin.signInPage>('GET', '/signin');
const signInCall = endpoint<typeof signin.signIn>('POST', '/signin');
const sheetListCall = endpoint<typeof signin.adminSignInList>('GET', '/admin/signin');
const sheetCall = endpoint<typeof signin.adminSignInSheet>('GET', '/admin/signin/:pk');
const createSheetCall = endpoint<typeof signin.createSheet>('POST', '/admin/signin');
const workshopListCall = endpoint<typeof signin.workshopSheetsList>('GET', '/admin/signin/workshop/list');
const attendanceCall = endpoint<typeof signin.workshopAttendance>(
  'GET',
  '/admin/signin/workshop/:semester/:kind',
);

const signInPageKey = ['signin'] as const;
const adminKey = ['admin', 'signin'] as const;

export const getSignInPage = (signal?: AbortSignal): Promise<SignInPage> =>
  okOrThrow(signInPageCall({}, withSignal(signal)));
export const signInPageQueryOptions = () =>
  queryOptions({ queryKey: signInPageKey, queryFn: ({ signal }) => getSignInPage(signal) });
export const useSignInPage = () => useQuery(signInPageQueryOptions());

export const signInOnSheet = (input: { signin: number; code: string }): Promise<SignInReply> =>
  signInCall({ body: input });

/** Signs in; an ok answer replaces the page (its open sheets and past sign-ins). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['signin', 'post'],
    mutationFn: signInOnSheet,
    onSuccess: (reply) => {
      if (reply.status === 'ok') queryClient.setQueryData<SignInPage>(signInPageKey, reply);
      else void queryClient.invalidateQueries({ queryKey: signInPageKey });
    },
  });
}

export const getSheets = (signal?: AbortSignal) => okOrThrow(sheetListCall({}, withSignal(signal)));
export const sheetsQueryOptions = () =>
  queryOptions({ queryKey: [...adminKey, 'list'], queryFn: ({ signal }) => getSheets(signal) });
export const useSheets = () => useQuery(sheetsQueryOptions());

export const getSheet = (pk: number, signal?: AbortSignal) =>
  okOrThrow(sheetCall({ params: { pk: String(pk) } }, withSignal(signal)));
export const sheetQueryOptions = (pk: number) =>
  queryOptions({ queryKey: [...adminKey, 'sheet', pk], queryFn: ({ signal }) => getSheet(pk, signal) });
export const useSheet = (pk: number | null) =>
  useQuery({ ...sheetQueryOptions(pk ?? 0), enabled: pk !== null });

export const createSheet = (body: CreateSheetBody): Promise<CreateSheetReply> => createSheetCall({ body });
export function useCreateSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKey, 'create'],
    mutationFn: createSheet,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

export const getWorkshopList = async (signal?: AbortSignal) =>
  (await okOrThrow(workshopListCall({}, withSignal(signal)))).list;
export const workshopListQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'workshop', 'list'],
    queryFn: ({ signal }) => getWorkshopList(signal),
  });
export const useWorkshopList = () => useQuery(workshopListQueryOptions());

export const getAttendance = (semester: string, kind: number, signal?: AbortSignal) =>
  okOrThrow(attendanceCall({ params: { semester, kind: String(kind) } }, withSignal(signal)));
export const attendanceQueryOptions = (semester: string, kind: number) =>
  queryOptions({
    queryKey: [...adminKey, 'workshop', semester, kind],
    queryFn: ({ signal }) => getAttendance(semester, kind, signal),
  });
export const useAttendance = (semester: string, kind: number | null) =>
  useQuery({ ...attendanceQueryOptions(semester, kind ?? 0), enabled: kind !== null });
