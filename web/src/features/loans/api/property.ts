// The equipment calls (api/src/contracts/loans-property.ts; docs/loans.md). Types come from the contract.
import type * as property from '@club/api/contracts/loans-property';
import type { BodyOf, OkOf } from '@club/api/contracts/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';
import type { ClientScope } from './library';

export type PropertyItem = OkOf<typeof property.propertyList>['propertylist'][number];
export type PropertyLog = OkOf<typeof property.userPropertyHistory>['loglist'][number];
export type PropertyFilter = 'all' | 'lendout';
export type LendBody = BodyOf<typeof property.lendProperty>;

const calls = {
  list: endpoint<typeof property.propertyList>('GET', '/property/list'),
  one: endpoint<typeof property.getProperty>('GET', '/admin/property/:id'),
  create: endpoint<typeof property.createProperty>('POST', '/admin/property'),
  edit: endpoint<typeof property.editProperties>('PUT', '/admin/property'),
  lend: endpoint<typeof property.lendProperty>('POST', '/property/lend'),
  giveBack: endpoint<typeof property.returnProperty>('POST', '/property/return'),
  userHistory: endpoint<typeof property.userPropertyHistory>('GET', '/user/property/history/:page'),
  adminHistory: endpoint<typeof property.adminPropertyHistory>(
    'GET',
    '/admin/property/history/:filter/:page',
  ),
};

const propertyKey = ['property'] as const;

export const usePropertyList = () =>
  useQuery({
    queryKey: [...propertyKey, 'list'],
    queryFn: ({ signal }) => okOrThrow(calls.list({}, withSignal(signal))),
  });

export const useProperty = (id: string) =>
  useQuery({
    queryKey: [...propertyKey, 'one', id],
    queryFn: ({ signal }) => okOrThrow(calls.one({ params: { id } }, withSignal(signal))),
  });

export const useUserPropertyHistory = (page: number) =>
  useQuery({
    queryKey: [...propertyKey, 'user-history', page],
    queryFn: ({ signal }) =>
      okOrThrow(calls.userHistory({ params: { page: String(page) } }, withSignal(signal))),
    placeholderData: (previous) => previous,
  });

export const useAdminPropertyHistory = (filter: PropertyFilter, page: number) =>
  useQuery({
    queryKey: [...propertyKey, 'admin-history', filter, page],
    queryFn: ({ signal }) =>
      okOrThrow(calls.adminHistory({ params: { filter, page: String(page) } }, withSignal(signal))),
    placeholderData: (previous) => previous,
  });

export const createProperty = (body: BodyOf<typeof property.createProperty>) => calls.create({ body });
export const editProperties = (body: BodyOf<typeof property.editProperties>) => calls.edit({ body });
export const lendProperty = (body: LendBody, scope: ClientScope) => calls.lend({ body }, { scope });
export const returnProperty = (body: BodyOf<typeof property.returnProperty>, scope: ClientScope) =>
  calls.giveBack({ body }, { scope });

export const invalidateProperty = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: propertyKey }),
    queryClient.invalidateQueries({ queryKey: ['user'] }),
    queryClient.invalidateQueries({ queryKey: ['typeahead2', 'property'] }),
  ]);
