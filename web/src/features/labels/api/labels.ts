import type * as labels from '@club/api/contracts/labels';
import type * as money from '@club/api/contracts/money';
import type { BodyOf, OkOf } from '@club/api/contracts/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The label calls (api/src/contracts/labels.ts; docs/labels.md): draw a preview, print it, and the
// staff's label print log.

export type LabelKind = BodyOf<typeof labels.labelDraw>['kind'];
export type DrawRequest = BodyOf<typeof labels.labelDraw>;
export type PrintRequest = BodyOf<typeof labels.labelPrint>;
export type LabelLogRow = OkOf<typeof labels.labelPrintLog>['loglist'][number];
export type SearchUser = OkOf<typeof money.userSearchList>['searchlist'][number];

const calls = {
  draw: endpoint<typeof labels.labelDraw>('POST', '/label/draw'),
  print: endpoint<typeof labels.labelPrint>('POST', '/label/print'),
  log: endpoint<typeof labels.labelPrintLog>('GET', '/admin/system/label/print/log/:page'),
  users: endpoint<typeof money.userSearchList>('GET', '/typeahead2/user'),
};

export const drawLabel = (body: DrawRequest, signal?: AbortSignal) =>
  calls.draw({ body }, withSignal(signal));

export const printLabel = (body: PrintRequest, scope: 'main' | 'store') => calls.print({ body }, { scope });

export const labelPrintLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['labels', 'print-log', page],
    queryFn: ({ signal }) => okOrThrow(calls.log({ params: { page: String(page) } }, withSignal(signal))),
    placeholderData: keepPreviousData,
  });

export const useLabelPrintLog = (page: number) => useQuery(labelPrintLogQueryOptions(page));

/** The user picker's list, shared with the other pages that pick a person (the same cache key). */
export const userSearchListQueryOptions = () =>
  queryOptions({
    queryKey: ['typeahead2', 'user'],
    queryFn: async ({ signal }) => (await okOrThrow(calls.users({}, withSignal(signal)))).searchlist,
    staleTime: 5 * 60_000,
  });

export const useUserSearchList = () => useQuery(userSearchListQueryOptions());
