import type * as statistics from '@club/api/contracts/statistics';
import type { OkOf } from '@club/api/contracts/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';

// The staff statistics' calls (api/src/contracts/statistics.ts).

export type MemberStaffStat = OkOf<typeof statistics.memberStaffStat>;
export type MemberUsage = OkOf<typeof statistics.usageMember>;
export type ClubUsage = OkOf<typeof statistics.usageClub>;
export type UsageFigures = MemberUsage['loglist'][number]['usage'];
export type StatMoment = MemberStaffStat['moment'];

const calls = {
  memberStaff: endpoint<typeof statistics.memberStaffStat>('GET', '/admin/memberstaff/stat'),
  usageCurrent: endpoint<typeof statistics.usageMemberCurrent>('GET', '/admin/usage/member'),
  usageOf: endpoint<typeof statistics.usageMember>('GET', '/admin/usage/member/:semester'),
  club: endpoint<typeof statistics.usageClub>('GET', '/admin/usage/club'),
};

const key = ['admin', 'statistics'] as const;

export const useMemberStaffStat = () =>
  useQuery(
    queryOptions({
      queryKey: [...key, 'memberstaff'],
      queryFn: ({ signal }) => okOrThrow(calls.memberStaff({}, withSignal(signal))),
    }),
  );

export const useMemberUsage = (semester: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: [...key, 'usage', 'member', semester ?? ''],
      queryFn: ({ signal }) =>
        okOrThrow(
          semester === undefined
            ? calls.usageCurrent({}, withSignal(signal))
            : calls.usageOf({ params: { semester } }, withSignal(signal)),
        ),
    }),
  );

export const useClubUsage = () =>
  useQuery(
    queryOptions({
      queryKey: [...key, 'usage', 'club'],
      queryFn: ({ signal }) => okOrThrow(calls.club({}, withSignal(signal))),
    }),
  );
