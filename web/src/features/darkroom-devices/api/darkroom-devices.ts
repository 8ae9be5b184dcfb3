import type * as darkroom from '@club/api/contracts/darkroom-devices';
import type { OkOf } from '@club/api/contracts/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';
import { ApiError } from '../../../shared/api/errors';

// The darkroom devices' calls (api/src/contracts/darkroom-devices.ts): temperature and humidity with the
// time-series call, chemicals, the dispenser.

export type Sensor = OkOf<typeof darkroom.tempRh>['loglist'][number];
export type Chemical = OkOf<typeof darkroom.chemicalList>['loglist'][number];
export type ChemicalLogRow = OkOf<typeof darkroom.chemicalLog>['loglist'][number];
export type DispenseRow = OkOf<typeof darkroom.dispenseLog>['loglist'][number];
export type DispenseDetail = OkOf<typeof darkroom.dispenseResultHistory>['dispenser'];
export type FluxSeries = darkroom.FluxSeries;

const calls = {
  tempRh: endpoint<typeof darkroom.tempRh>('GET', '/admin/system/temprh'),
  chemicals: endpoint<typeof darkroom.chemicalList>('GET', '/admin/chemical2'),
  chemicalLog: endpoint<typeof darkroom.chemicalLog>('GET', '/admin/chemical2/log/:pk/:page'),
  chemical: endpoint<typeof darkroom.chemicalAdjustGet>('GET', '/admin/chemical2/adjust/:pk'),
  adjust: endpoint<typeof darkroom.chemicalAdjust>('POST', '/admin/chemical2/adjust/:pk'),
  dispenseLog: endpoint<typeof darkroom.dispenseLog>('GET', '/admin/darkroom/dispense/log/:page'),
  dispenseDetail: endpoint<typeof darkroom.dispenseResultHistory>(
    'GET',
    '/admin/darkroom/dispense/resulthistory/:pk',
  ),
  formulas: endpoint<typeof darkroom.dispenseFormulas>('GET', '/darkroom/dispense/formulas'),
  start: endpoint<typeof darkroom.dispenseStart>('POST', '/darkroom/dispense'),
};

const key = ['darkroom-devices'] as const;

export const useTempRh = () =>
  useQuery({
    queryKey: [...key, 'temprh'],
    queryFn: ({ signal }) => okOrThrow(calls.tempRh({}, withSignal(signal))),
    refetchInterval: 60_000,
  });

/** The spec's go-path call (outside /api): one Taipei day of one metric. */
export async function fetchFluxSeries(
  sensor: string,
  metric: 'temperature' | 'humidity',
  date: { yyyy: number; mm: number; dd: number },
  signal?: AbortSignal,
): Promise<FluxSeries> {
  const response = await fetch(`/go/flux/read/${sensor}/${metric}/${date.yyyy}/${date.mm}/${date.dd}`, {
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  const body = (await response.json()) as FluxSeries | { status: 'fail'; reason: string };
  if (!response.ok || body.status !== 'ok')
    throw new ApiError(response.status, 'reason' in body ? body.reason : undefined);
  return body;
}

export const useFluxSeries = (
  sensor: string,
  metric: 'temperature' | 'humidity',
  date: { yyyy: number; mm: number; dd: number },
) =>
  useQuery({
    queryKey: [...key, 'flux', sensor, metric, date.yyyy, date.mm, date.dd],
    queryFn: ({ signal }) => fetchFluxSeries(sensor, metric, date, signal),
    refetchInterval: 60_000,
  });

export const useChemicals = () =>
  useQuery({
    queryKey: [...key, 'chemicals'],
    queryFn: ({ signal }) => okOrThrow(calls.chemicals({}, withSignal(signal))),
  });

export const useChemicalLog = (pk: string, page: number) =>
  useQuery({
    queryKey: [...key, 'chemical-log', pk, page],
    queryFn: ({ signal }) =>
      okOrThrow(calls.chemicalLog({ params: { pk, page: String(page) } }, withSignal(signal))),
    placeholderData: keepPreviousData,
  });

export const useChemical = (pk: string) =>
  useQuery({
    queryKey: [...key, 'chemical', pk],
    queryFn: ({ signal }) => okOrThrow(calls.chemical({ params: { pk } }, withSignal(signal))),
  });

export function useAdjustChemical(pk: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { operation: 2 | 3; quantity: string; comment: string; requestId: string }) =>
      calls.adjust({ params: { pk }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useDispenseLog = (page: number) =>
  useQuery({
    queryKey: [...key, 'dispense-log', page],
    queryFn: ({ signal }) =>
      okOrThrow(calls.dispenseLog({ params: { page: String(page) } }, withSignal(signal))),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

export const useDispenseDetail = (pk: string) =>
  useQuery({
    queryKey: [...key, 'dispense-detail', pk],
    queryFn: ({ signal }) => okOrThrow(calls.dispenseDetail({ params: { pk } }, withSignal(signal))),
  });

export const useFormulas = () =>
  useQuery({
    queryKey: [...key, 'formulas'],
    queryFn: ({ signal }) => okOrThrow(calls.formulas({}, withSignal(signal))),
    refetchInterval: 5_000,
  });

export function useStartDispense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { formula: string; volume: number; target: string; requestId: string }) =>
      calls.start({ body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
