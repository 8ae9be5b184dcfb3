import type * as print from '@club/api/contracts/print';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, CLIENT_SCOPE } from '../../../shared/api/client';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The print assistant's calls (api/src/contracts/print.ts): projects, lastlog, save, imposition, results.

export type PrintProject = OkOf<typeof print.detail>['printproject'];
export type PrintProjectSummary = OkOf<typeof print.list>['pplist'][number];
export type ImpositionSettings = PrintProject['settings'];
export type Lastlog = OkOf<typeof print.lastlog>['lastlog'];
export type ImpositionReply = ReplyOf<typeof print.imposition>;

const listCall = endpoint<typeof print.list>('GET', '/print/list');
const createCall = endpoint<typeof print.create>('POST', '/print');
const detailCall = endpoint<typeof print.detail>('GET', '/print/:pk');
const lastlogCall = endpoint<typeof print.lastlog>('GET', '/print/:pk/lastlog');
const saveCall = endpoint<typeof print.save>('POST', '/print/:pk/save');
const impositionCall = endpoint<typeof print.imposition>('POST', '/print/:pk/imposition');
const deleteResultsCall = endpoint<typeof print.deleteResults>('POST', '/print/:pk/result/delete');

/** While an imposition runs the lastlog is asked every 2.5 s, and the whole project every 6th time. */
export const PRINT_POLL_MS = 2_500;
export const FULL_REFRESH_EVERY = 6;

export const printListQueryOptions = () =>
  queryOptions({
    queryKey: ['print', 'list'],
    queryFn: ({ signal }) => okOrThrow(listCall({}, withSignal(signal))),
  });
export const usePrintList = () => useQuery(printListQueryOptions());

export const printProjectQueryOptions = (pk: number) =>
  queryOptions({
    queryKey: ['print', 'project', pk],
    queryFn: ({ signal }) => okOrThrow(detailCall({ params: { pk: String(pk) } }, withSignal(signal))),
  });
export const usePrintProject = (pk: number) => useQuery(printProjectQueryOptions(pk));

export const fetchLastlog = (pk: number) => okOrThrow(lastlogCall({ params: { pk: String(pk) } }));

export const createProject = (title: string) => createCall({ body: { title } });

export function useSaveProject(pk: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof print.save>) => saveCall({ params: { pk: String(pk) }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['print'] }),
  });
}

export const startImposition = (pk: number, body: BodyOf<typeof print.imposition>) =>
  impositionCall({ params: { pk: String(pk) }, body });

export const deleteResults = (pk: number, names: string[]) =>
  deleteResultsCall({ params: { pk: String(pk) }, body: { names } });

/** POST /print/{pk}/result/zip, saved as a download by the browser. */
export async function downloadResultsZip(pk: number, title: string, names: string[]): Promise<void> {
  const response = await fetch(`${API_BASE}/print/${pk}/result/zip`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Scope: CLIENT_SCOPE },
    body: JSON.stringify({ names }),
    credentials: 'same-origin',
  });
  if (!response.ok || response.headers.get('content-type') !== 'application/zip')
    throw new Error(`zip ${response.status}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `${title}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
