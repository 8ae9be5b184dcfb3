import type { OkOf } from '@club/api/contracts/shared';
import type * as system from '@club/api/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

/** The system status is asked for this long after the home loads (spec doc 1, section 9). */
export const SYSTEM_STATUS_DELAY_MS = 500;

const systemStatusCall = endpoint<typeof system.systemStatus>('GET', '/admin/system/status');

// The same query key as the system status page, so opening it from the button shows the lists at once.
export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'system', 'status'],
    queryFn: ({ signal }): Promise<OkOf<typeof system.systemStatus>> =>
      okOrThrow(systemStatusCall({}, withSignal(signal))),
    // A refusal only hides the count; it must not send the person to the not-found page.
    meta: { quietForbidden: true },
  });

/** How many problems the system status lists, for the member home's system button (undefined until known). */
export function useSystemProblemCount(enabled: boolean): number | undefined {
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setDelayed(true), SYSTEM_STATUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const query = useQuery({ ...systemStatusQueryOptions(), enabled: enabled && delayed });
  return query.data?.problem.length;
}
