import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/client';

/** One thing staff should look at, by kind (spec doc 1, section 2, member home content). */
export interface StaffWarning {
  kind: string;
  quantity: number;
  due: number;
  pocketTotal: number;
  pocketUsed: number;
}

export interface StaffWarningResponse {
  status: 'ok';
  staffWarning: StaffWarning[];
}

/** Staff warnings are asked for this long after the home loads, so the page itself comes first. */
export const STAFF_WARNING_DELAY_MS = 250;

export const getStaffWarnings = (signal?: AbortSignal): Promise<StaffWarningResponse> =>
  api.get<StaffWarningResponse>('/admin/warning', signal ? { signal } : {});

export const staffWarningsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'warning'],
    queryFn: ({ signal }) => getStaffWarnings(signal),
    // A refusal here only hides the warnings; it must not send the person to the not-found page.
    meta: { quietForbidden: true },
  });

export function useStaffWarnings(enabled: boolean) {
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setDelayed(true), STAFF_WARNING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  return useQuery({ ...staffWarningsQueryOptions(), enabled: enabled && delayed });
}
