import type * as access from '@club/api/contracts/access';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';
import { currentUserQueryKey } from '../../../shared/session/current-user';

// The roster calls (api/src/contracts/access.ts; docs/api.md, staff area: rosters):
// AdminMemberStaffWorkshopList and AdminStaffWorkshopAdd.

export type RosterKind = 'member' | 'staff' | 'workshop';

// Each list in its two forms: the current semester, or a given one (OpenAPI has no optional segment).
const listCalls = {
  member: endpoint<typeof access.memberRosterList>('GET', '/admin/member/list'),
  staff: endpoint<typeof access.staffRosterList>('GET', '/admin/staff/list'),
  workshop: endpoint<typeof access.workshopRosterList>('GET', '/admin/workshop/list'),
};
const listOfSemesterCalls = {
  member: endpoint<typeof access.memberRosterListOf>('GET', '/admin/member/list/:semester'),
  staff: endpoint<typeof access.staffRosterListOf>('GET', '/admin/staff/list/:semester'),
  workshop: endpoint<typeof access.workshopRosterListOf>('GET', '/admin/workshop/list/:semester'),
};

/** The answer of each roster list. */
type RosterResponses = {
  member: OkOf<typeof access.memberRosterList>;
  staff: OkOf<typeof access.staffRosterList>;
  workshop: OkOf<typeof access.workshopRosterList>;
};
export type RosterResponse<Kind extends RosterKind> = RosterResponses[Kind];

export type MemberEntry = RosterResponses['member']['objlist'][number];
export type StaffEntry = RosterResponses['staff']['objlist'][number];
export type WorkshopEntry = RosterResponses['workshop']['objlist'][number];
/** A person in the lists (spec doc 3, section 3). */
export type ListedPerson = StaffEntry['user'];

export type WriteResponse = ReplyOf<typeof access.staffAdd>;

const writeCalls = {
  staffAdd: endpoint<typeof access.staffAdd>('POST', '/admin/staff/add/:semester'),
  workshopAdd: endpoint<typeof access.workshopAdd>('POST', '/admin/workshop/add/:semester'),
  staffRemove: endpoint<typeof access.staffRemove>('POST', '/admin/staff/remove'),
  workshopRemove: endpoint<typeof access.workshopRemove>('POST', '/admin/workshop/remove'),
};

const rostersKey = ['admin', 'roster'] as const;

export const getRoster = <Kind extends RosterKind>(
  kind: Kind,
  semester: string | undefined,
  signal?: AbortSignal,
): Promise<RosterResponse<Kind>> => {
  // The three lists share their parameters; each answers its own entries.
  const answer = semester
    ? (listOfSemesterCalls[kind] as (typeof listOfSemesterCalls)['staff'])(
        { params: { semester } },
        withSignal(signal),
      )
    : (listCalls[kind] as (typeof listCalls)['staff'])({}, withSignal(signal));
  return okOrThrow(answer) as Promise<RosterResponse<Kind>>;
};

export const rosterQueryOptions = <Kind extends RosterKind>(kind: Kind, semester: string | undefined) =>
  queryOptions({
    queryKey: [...rostersKey, kind, semester ?? 'current'],
    queryFn: ({ signal }) => getRoster(kind, semester, signal),
  });

export const useRoster = <Kind extends RosterKind>(kind: Kind, semester: string | undefined) =>
  useQuery(rosterQueryOptions(kind, semester));

/** The body, and which roster of which semester. */
export type AddRosterInput = BodyOf<typeof access.staffAdd> & {
  kind: 'staff' | 'workshop';
  semester: string;
};

export const addRosterEntry = ({ kind, semester, ...body }: AddRosterInput): Promise<WriteResponse> =>
  writeCalls[kind === 'staff' ? 'staffAdd' : 'workshopAdd']({ params: { semester }, body });

/** The listed entry is posted back as it is (the contract ignores its other fields). */
export type RemoveRosterInput =
  | { kind: 'staff'; entry: StaffEntry }
  | { kind: 'workshop'; entry: WorkshopEntry };

export const removeRosterEntry = (input: RemoveRosterInput): Promise<WriteResponse> =>
  input.kind === 'workshop'
    ? writeCalls.workshopRemove({ body: input.entry })
    : writeCalls.staffRemove({ body: input.entry });

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
