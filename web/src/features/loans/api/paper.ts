// The shared darkroom paper calls (api/src/contracts/loans-paper.ts; docs/loans.md). These pages also run
// in the store kiosk, so every call takes the page's scope.
import type * as paper from '@club/api/contracts/loans-paper';
import type { BodyOf, OkOf } from '@club/api/contracts/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';
import type { ClientScope } from './library';

export type PaperBox = OkOf<typeof paper.sharingPaperList>['list'][number];
export type PaperRow = OkOf<typeof paper.sharingPaperRows>['loglist'][number];
export type PaperEditBody = BodyOf<typeof paper.editSharingPaper>;
export type PaperReturnBody = BodyOf<typeof paper.returnSharingPaper>;

const calls = {
  list: endpoint<typeof paper.sharingPaperList>('GET', '/admin/sharingpaper'),
  rows: endpoint<typeof paper.sharingPaperRows>('GET', '/admin/sharingpaper/:pk'),
  create: endpoint<typeof paper.createSharingPaper>('POST', '/admin/sharingpaper'),
  editPage: endpoint<typeof paper.sharingPaperEditPage>('GET', '/admin/sharingpaper/:pk/edit'),
  edit: endpoint<typeof paper.editSharingPaper>('PUT', '/admin/sharingpaper/:pk/edit'),
  giveBack: endpoint<typeof paper.returnSharingPaper>('PUT', '/admin/sharingpaper/:pk/return'),
  fix: endpoint<typeof paper.fixSharingPaper>('PUT', '/admin/sharingpaper/:pk/fix'),
};

const paperKey = ['sharingpaper'] as const;

export const usePaperList = (scope: ClientScope) =>
  useQuery({
    queryKey: [...paperKey, 'list', scope],
    queryFn: ({ signal }) => okOrThrow(calls.list({}, { scope, ...withSignal(signal) })),
  });

export const usePaperRows = (pk: string, scope: ClientScope) =>
  useQuery({
    queryKey: [...paperKey, 'rows', pk, scope],
    queryFn: ({ signal }) => okOrThrow(calls.rows({ params: { pk } }, { scope, ...withSignal(signal) })),
  });

export const usePaperEditPage = (pk: string, scope: ClientScope) =>
  useQuery({
    queryKey: [...paperKey, 'edit', pk, scope],
    queryFn: ({ signal }) => okOrThrow(calls.editPage({ params: { pk } }, { scope, ...withSignal(signal) })),
  });

export const createPaperBox = (body: BodyOf<typeof paper.createSharingPaper>) => calls.create({ body });
export const editPaperBox = (pk: number, body: PaperEditBody, scope: ClientScope) =>
  calls.edit({ params: { pk: String(pk) }, body }, { scope });
export const returnPaperBox = (pk: number, body: PaperReturnBody, scope: ClientScope) =>
  calls.giveBack({ params: { pk: String(pk) }, body }, { scope });
export const fixPaperBox = (pk: number, comment: string) =>
  calls.fix({ params: { pk: String(pk) }, body: { comment } });

export const invalidatePaper = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: paperKey }),
    queryClient.invalidateQueries({ queryKey: ['user'] }),
  ]);
