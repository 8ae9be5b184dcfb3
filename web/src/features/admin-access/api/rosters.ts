import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { currentUserQueryKey } from '../../../shared/session/current-user';

// The roster calls (docs/api.md, staff area: rosters): AdminMemberStaffWorkshopList and
// AdminStaffWorkshopAdd.

export type RosterKind = 'member' | 'staff' | 'workshop';

/** A person in the lists (spec doc 3, section 3). */
export interface ListedPerson {
  pk: number;
  pkstr: string;
  name: string;
  stuid: string;
  studepartment: string;
  mobile: string;
  email: string;
  facebook: string;
}

export interface MemberEntry {
  user: ListedPerson;
  identitygroup: number;
  /** The fee payment's transaction (the payer's side), if known. */
  trans: { pk: number; pkstr: string; timestamp: string } | null;
  semester: string;
}

export interface StaffEntry {
  user: ListedPerson;
  position: string;
  semester: string;
}

export interface WorkshopEntry {
  user: ListedPerson;
  kind: number;
  /** False while the deposit is unpaid, else the paying transfer's id. */
  trans: false | string;
  semester: string;
}

export interface RosterEntries {
  member: MemberEntry;
  staff: StaffEntry;
  workshop: WorkshopEntry;
}

export interface RosterResponse<Kind extends RosterKind> {
  status: 'ok';
  objlist: RosterEntries[Kind][];
  semesterList: string[];
  semesterSelected: string;
}

export type WriteResponse = { status: 'ok' } | { status: 'fail'; reason: string };

const rostersKey = ['admin', 'roster'] as const;

export const getRoster = <Kind extends RosterKind>(
  kind: Kind,
  semester: string | undefined,
  signal?: AbortSignal,
) => api.get<RosterResponse<Kind>>(`/admin/${kind}/list/${semester ?? ''}`, signal ? { signal } : {});

export const rosterQueryOptions = <Kind extends RosterKind>(kind: Kind, semester: string | undefined) =>
  queryOptions({
    queryKey: [...rostersKey, kind, semester ?? 'current'],
    queryFn: ({ signal }) => getRoster(kind, semester, signal),
  });

export const useRoster = <Kind extends RosterKind>(kind: Kind, semester: string | undefined) =>
  useQuery(rosterQueryOptions(kind, semester));

export interface AddRosterInput {
  kind: 'staff' | 'workshop';
  semester: string;
  userSelected: { pk: number } | null;
  staffPosition?: string;
  workshopKind?: number | null;
}

export const addRosterEntry = ({ kind, semester, ...body }: AddRosterInput) =>
  api.post<WriteResponse>(`/admin/${kind}/add/${semester}`, body);

export interface RemoveRosterInput {
  kind: 'staff' | 'workshop';
  entry: StaffEntry | WorkshopEntry;
}

export const removeRosterEntry = ({ kind, entry }: RemoveRosterInput) =>
  api.post<WriteResponse>(`/admin/${kind}/remove`, entry);

/** A roster change may change the lists and, for the viewer's own entry, their staff powers. */
const invalidateRosters = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rostersKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);

export const useAddRosterEntry = () => {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: [...rostersKey, 'add'],
      mutationFn: addRosterEntry,
      onSuccess: (response) => (response.status === 'ok' ? invalidateRosters(queryClient) : undefined),
    }),
  );
};

export const useRemoveRosterEntry = () => {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: [...rostersKey, 'remove'],
      mutationFn: removeRosterEntry,
      onSettled: () => invalidateRosters(queryClient),
    }),
  );
};
