import type { BodyOf, OkOf } from '@club/api/contracts/shared';
import type * as workshop from '@club/api/contracts/workshop';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The workshop application (api/src/contracts/workshop.ts; docs/workshop.md).

export type WorkshopFormPage = OkOf<typeof workshop.getWorkshopForm>;
export type WorkshopEntry = NonNullable<WorkshopFormPage['wf']>;
export type SaveBody = BodyOf<typeof workshop.saveWorkshopForm>;
export type ResultPage = OkOf<typeof workshop.workshopResultList>;
export type SignUp = ResultPage['loglist'][number];
export type ResultTab = 'member' | 'memberTemp' | 'staff';
export type Timeschedule = WorkshopFormPage['timeschedule'];

const formCall = endpoint<typeof workshop.getWorkshopForm>('GET', '/workshop/form');
const saveCall = endpoint<typeof workshop.saveWorkshopForm>('POST', '/workshop/form');
const removeImgCall = endpoint<typeof workshop.removeWorkshopImage>('POST', '/workshop/form/removeimg');
const listCall = endpoint<typeof workshop.workshopResultList>('GET', '/admin/workshop/result/:tab');
const entryCall = endpoint<typeof workshop.workshopResultEntry>('GET', '/admin/workshop/result/:tab/:pk');
const resultCall = endpoint<typeof workshop.saveWorkshopResult>('POST', '/admin/workshop/result/save');
const scheduleCall = endpoint<typeof workshop.setWorkshopSchedule>('POST', '/admin/workshop/timeschedule');

const formKey = ['workshop', 'form'] as const;
const resultKey = ['workshop', 'result'] as const;

export const workshopFormQueryOptions = () =>
  queryOptions({
    queryKey: formKey,
    queryFn: ({ signal }) => okOrThrow(formCall({}, withSignal(signal))),
  });
export const useWorkshopForm = () => useQuery(workshopFormQueryOptions());

export const useResultPage = (tab: ResultTab, pk: string | undefined) =>
  useQuery({
    queryKey: [...resultKey, tab, pk ?? ''],
    queryFn: ({ signal }) =>
      okOrThrow(
        pk
          ? entryCall({ params: { tab, pk } }, withSignal(signal))
          : listCall({ params: { tab } }, withSignal(signal)),
      ),
  });

function useWorkshopMutation<Input, Reply>(name: string, call: (input: Input) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workshop', name],
    mutationFn: call,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['workshop'] }),
  });
}

export const useSaveForm = () => useWorkshopMutation('save', (body: SaveBody) => saveCall({ body }));
export const useRemoveImage = () =>
  useWorkshopMutation('removeimg', (body: { formpk: number; imgpk: number }) => removeImgCall({ body }));
export const useSaveResult = () =>
  useWorkshopMutation('result', (entry: { pk: number; result: 0 | 1 | 3 | 99 }) =>
    resultCall({ body: { entry } }),
  );
export const useSetSchedule = () =>
  useWorkshopMutation('schedule', (body: { timeschedule: Timeschedule; offered: (1 | 3)[] }) =>
    scheduleCall({ body }),
  );
