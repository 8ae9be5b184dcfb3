// The member roster of a semester (AdminMemberStaffWorkshopList kind=member, document 3): everyone whose
// member fee for that semester is paid, derived from the dues in the ledger's read model, grouped by
// identity group (core/src/access/identity-groups.ts). `trans` is the row of the transfer that paid the
// fee, as the payer's side shows it (the member's own account for a self-paid fee, the collecting staff
// member's cash in hand for a fee taken in cash).
import {
  compareIdentityGroups,
  type IdentityGroup,
  identityGroupOf,
} from '@club/core/access/identity-groups';
import { dueKeyOf } from '@club/core/ledger/events';
import { compareSemesterTags, nextSemester, semesterOf } from '@club/core/semester';
import type { z } from 'zod';
import { memberEntrySchema } from '../contracts/access.ts';
import type { PortalServices } from '../services.ts';
import { transactionView } from './ledger-rows.ts';
import { listedUser } from './listed-user.ts';

export { memberEntrySchema };
export type MemberEntry = z.infer<typeof memberEntrySchema>;

/** GET /admin/member/list/{semester}: by identity group, then by when the fee was paid. */
export function memberList(services: PortalServices, semester?: string) {
  const { ledger, users } = services.projections.models;
  const now = services.now();
  const semesterSelected = semester ?? semesterOf(now).tag;
  const dueKey = dueKeyOf({ kind: 'memberfee', semester: semesterSelected });
  const semesters = new Set([semesterOf(now).tag, nextSemester(semesterOf(now)).tag, semesterSelected]);
  const listed: { entry: MemberEntry; group: IdentityGroup; paidPk: number }[] = [];
  for (const [userPk, membership] of ledger.memberships) {
    for (const [key, status] of Object.entries(membership.dues)) {
      if (status.status === 'paid' && key.startsWith('memberfee:'))
        semesters.add(key.slice('memberfee:'.length));
    }
    const status = membership.dues[dueKey];
    if (status?.status !== 'paid') continue;
    const row = users.byPk.get(userPk);
    const group = row ? identityGroupOf({ identity: row.identity, grade: row.grade }) : 0;
    const transfer = ledger.transfers.get(status.transferKey);
    const paidEntry = transfer ? ledger.entryByPk.get(transfer.debitPk) : undefined;
    listed.push({
      entry: {
        user: listedUser(users, userPk),
        identitygroup: group,
        trans: paidEntry ? transactionView(users, paidEntry) : null,
        semester: semesterSelected,
      },
      group,
      paidPk: transfer?.debitPk ?? 0,
    });
  }
  listed.sort(
    (a, b) =>
      compareIdentityGroups(a.group, b.group) || a.paidPk - b.paidPk || a.entry.user.pk - b.entry.user.pk,
  );
  return {
    status: 'ok' as const,
    objlist: listed.map(({ entry }) => entry),
    semesterList: [...semesters].sort((a, b) => compareSemesterTags(b, a)),
    semesterSelected,
  };
}
