import type * as calendar from '@club/api/contracts/calendar';
import type { OkOf, ReplyOf } from '@club/api/contracts/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The club calendar: a month, the staff's saves and deletes, and the personal feed path
// (api/src/contracts/calendar.ts).

export type CalendarMonth = OkOf<typeof calendar.calendarMonth>;
export type CalendarEntry = CalendarMonth['loglist'][number];
export type SaveReply =
  | ReplyOf<typeof calendar.createCalendarEntry>
  | ReplyOf<typeof calendar.changeCalendarEntry>;

const monthCall = endpoint<typeof calendar.calendarMonth>('GET', '/calendar/:year/:month');
const createCall = endpoint<typeof calendar.createCalendarEntry>('POST', '/admin/calendar');
const changeCall = endpoint<typeof calendar.changeCalendarEntry>('PUT', '/admin/calendar');
const deleteCall = endpoint<typeof calendar.deleteCalendarEntry>('DELETE', '/admin/calendar');
const myFeedCall = endpoint<typeof calendar.myCalendarFeed>('GET', '/admin/calendar/feed');
const renewFeedCall = endpoint<typeof calendar.renewCalendarFeed>('POST', '/admin/calendar/feed');

/** The public feed's path. */
export const PUBLIC_FEED_PATH = '/api/calendar.ics';

const monthKey = (year: string, month: string) => ['calendar', year, month] as const;

/**
 * A month; parameters that are not a valid month (or 'now', for the page without parameters) answer the
 * current month with `reset`.
 */
export const calendarMonthQueryOptions = (year: string, month: string) =>
  queryOptions({
    queryKey: monthKey(year, month),
    queryFn: ({ signal }) => okOrThrow(monthCall({ params: { year, month } }, withSignal(signal))),
  });

export const useCalendarMonth = (year: string, month: string) =>
  useQuery(calendarMonthQueryOptions(year, month));

export interface EntryForm {
  pk: number | 'new';
  title: string;
  start: string;
  end: string;
  colorindex: number;
  staff: boolean;
}

/** Saves (creates or changes) an entry, then reloads the months shown (spec: month reloaded after). */
export function useSaveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar', 'save'],
    mutationFn: ({ form, requestId }: { form: EntryForm; requestId: string }): Promise<SaveReply> => {
      const { pk, ...fields } = form;
      return pk === 'new'
        ? createCall({ body: { ...fields, pk: 'new', requestId } })
        : changeCall({ body: { ...fields, pk } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['calendar'] }),
  });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar', 'delete'],
    mutationFn: (entry: CalendarEntry) => deleteCall({ body: entry }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['calendar'] }),
  });
}

const myFeedKey = ['calendar', 'feed', 'mine'] as const;

export const useMyFeed = (enabled: boolean) =>
  useQuery({
    queryKey: myFeedKey,
    queryFn: ({ signal }) => okOrThrow(myFeedCall({}, withSignal(signal))),
    enabled,
  });

export function useRenewFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar', 'feed', 'renew'],
    mutationFn: () => okOrThrow(renewFeedCall({ body: {} })),
    onSuccess: (reply) => queryClient.setQueryData(myFeedKey, reply),
  });
}
