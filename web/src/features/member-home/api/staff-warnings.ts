import type * as home from '@club/api/contracts/home';
import type { OkOf } from '@club/api/contracts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

type WarningOnTheWire = OkOf<typeof home.staffWarnings>['staffWarning'][number];

/**
 * One thing staff should look at, by kind (spec doc 1, section 2, member home content). The contract
 * leaves out the counts a kind does not use; the page reads them as 0.
 */
export type StaffWarning = Required<WarningOnTheWire>;

export type StaffWarningResponse = Omit<OkOf<typeof home.staffWarnings>, 'staffWarning'> & {
  staffWarning: StaffWarning[];
};

/** Staff warnings are asked for this long after the home loads, so the page itself comes first. */
export const STAFF_WARNING_DELAY_MS = 250;

const staffWarningsCall = endpoint<typeof home.staffWarnings>('GET', '/admin/warning');

/** The one place the wire shape becomes the page's: absent counts are 0. */
const withCounts = (warning: WarningOnTheWire): StaffWarning => ({
  ...warning,
  due: warning.due ?? 0,
  pocketTotal: warning.pocketTotal ?? 0,
  pocketUsed: warning.pocketUsed ?? 0,
});

export const getStaffWarnings = async (signal?: AbortSignal): Promise<StaffWarningResponse> => {
  const body = await okOrThrow(staffWarningsCall({}, withSignal(signal)));
  return { ...body, staffWarning: body.staffWarning.map(withCounts) };
};

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
