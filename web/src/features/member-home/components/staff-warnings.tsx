import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, List } from '@mantine/core';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { type StaffWarning, useStaffWarnings } from '../api/staff-warnings';

interface WarningKind {
  text: (warning: StaffWarning) => MessageDescriptor;
  route: string;
  params?: Record<string, string>;
}

/** Each warning kind with its text and the admin page that deals with it. */
const warningKinds: Record<string, WarningKind> = {
  chemicalNeedReplenish: {
    text: ({ quantity }) => msg`暗房藥水需要補充：${quantity} 項`,
    route: 'AdminChemical2',
  },
  sharingpaperNeedReturn: {
    text: ({ quantity }) => msg`共用相紙逾期未歸還：${quantity} 盒`,
    route: 'AdminSharingPaper',
  },
  sharingpaperNeedReplenish: {
    text: ({ quantity }) => msg`共用相紙需要補充：${quantity} 盒`,
    route: 'AdminSharingPaper',
  },
  sharingpaperNeedFix: {
    text: ({ quantity }) => msg`共用相紙被標記有問題：${quantity} 盒`,
    route: 'AdminSharingPaper',
  },
  bookExpired: {
    text: ({ quantity }) => msg`逾期未還的書：${quantity} 本，需要催還`,
    route: 'AdminLibraryHistory',
    params: { objFilter: 'due' },
  },
  gicleePrintingDue: {
    text: ({ quantity }) => msg`數位輸出逾期未付款：${quantity} 件`,
    route: 'AdminGicleeJobHistory',
    params: { objFilter: 'notpaid' },
  },
  propertyLendOut: {
    text: ({ quantity, due }) => msg`器材借出中：${quantity} 件，其中 ${due} 件逾期`,
    route: 'AdminPropertyHistory',
    params: { objFilter: 'lendout' },
  },
  pocketNeedDeposit: {
    // quantity: pouches used whose cash is not yet counted into the club's cash (docs/api.md, staff cash).
    text: ({ quantity, pocketTotal, pocketUsed }) => {
      const left = pocketTotal - pocketUsed;
      return msg`儲值袋待點收 ${quantity} 個；空袋剩下 ${left} 個（共 ${pocketTotal} 個，已用 ${pocketUsed} 個）`;
    },
    route: 'AdminDeposit',
  },
  debtUser: {
    text: ({ quantity }) => msg`欠款的使用者：${quantity} 人`,
    route: 'AdminUserRecentDebtList',
    params: { kind: 'debt' },
  },
};

/** The staff warnings of the home page, each linking to its admin page once that page is built. */
export function StaffWarnings({ enabled }: { enabled: boolean }) {
  const { i18n } = useLingui();
  const links = useRouteLinks();
  const { data } = useStaffWarnings(enabled);
  const warnings = (data?.staffWarning ?? []).filter((warning) => warning.kind in warningKinds);
  if (!enabled || warnings.length === 0) return null;
  return (
    <Alert color="orange" title={<Trans>幹部提醒</Trans>}>
      <List size="sm" spacing={4}>
        {warnings.map((warning) => {
          const kind = warningKinds[warning.kind]!;
          const text = i18n._(kind.text(warning));
          return (
            <List.Item key={warning.kind}>
              {links.isAvailable(kind.route) ? (
                <Anchor component={Link} to={links.pathOf(kind.route, kind.params)}>
                  {text}
                </Anchor>
              ) : (
                text
              )}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
