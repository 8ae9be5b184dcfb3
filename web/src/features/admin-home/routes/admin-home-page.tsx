import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';

interface AdminButton {
  label: MessageDescriptor;
  route: string;
  params?: Record<string, string>;
}

/**
 * AdminHome's buttons (document 3, section 2.2), then the other staff pages. A button shows only when its
 * page is built and the person may open it (AdminSystemStatus needs the system authority, AdminDeposit
 * addvalue), so buttons appear by themselves as pages are built.
 */
const adminButtons: readonly AdminButton[] = [
  { label: msg`回社員專區`, route: 'MemberHome' },
  { label: msg`收社費與工作坊保證金`, route: 'AdminReceiveMemberFee' },
  { label: msg`社員名單`, route: 'AdminMemberStaffWorkshopList', params: { kind: 'member' } },
  { label: msg`幹部名單`, route: 'AdminMemberStaffWorkshopList', params: { kind: 'staff' } },
  { label: msg`工作坊名單`, route: 'AdminMemberStaffWorkshopList', params: { kind: 'workshop' } },
  { label: msg`標籤列印`, route: 'LabelPrint' },
  { label: msg`簽到管理`, route: 'AdminSignIn' },
  { label: msg`系統狀態`, route: 'AdminSystemStatus' },
  { label: msg`使用者搜尋與儲值`, route: 'AdminUserSearch' },
  { label: msg`儲值袋點收`, route: 'AdminDeposit' },
  { label: msg`財務統計`, route: 'AdminFinanceStat' },
  { label: msg`點數審核`, route: 'AdminPointLog' },
  { label: msg`點數統計`, route: 'AdminPointStat' },
  { label: msg`社員與幹部統計`, route: 'AdminMemberStaffStat' },
  { label: msg`社員使用統計`, route: 'AdminUsageMember' },
  { label: msg`社團使用統計`, route: 'AdminUsageClub' },
  { label: msg`新進使用者`, route: 'AdminUserRecentDebtList', params: { kind: 'recent' } },
  { label: msg`欠款名單`, route: 'AdminUserRecentDebtList', params: { kind: 'debt' } },
  { label: msg`交易明細`, route: 'AdminTransDetail' },
  { label: msg`權限管理`, route: 'AdminAuth' },
  { label: msg`庫存列表`, route: 'AdminStockList' },
  { label: msg`進貨`, route: 'AdminStockPurchase' },
];

/** AdminHome: the staff area's buttons. The route guard guarantees active staff. */
export default function AdminHomePage() {
  const { i18n } = useLingui();
  const links = useRouteLinks();
  const buttons = adminButtons.filter((button) => links.isAvailable(button.route));
  return (
    <Stack>
      <Title order={2}>
        <Trans>幹部專區</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {buttons.map((button) => (
          <Button
            key={`${button.route}-${button.params?.kind ?? ''}`}
            component={Link}
            to={links.pathOf(button.route, button.params)}
            variant={button.route === 'MemberHome' ? 'default' : 'light'}
          >
            {i18n._(button.label)}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
