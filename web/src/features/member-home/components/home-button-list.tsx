import { Trans } from '@lingui/react/macro';
import { Badge, Button, Divider, SimpleGrid, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { clubLinks } from '../../../shared/config/links';
import { useRouteLinks } from '../../../shared/routing/route-links';
import type { SessionUser } from '../../../shared/session/user';
import { formatPoints, type HomeButton, homeButtonRoutes } from '../lib/home-buttons';

/** Throws during render so the error boundary and error reporting can be tested (user 2 only). */
function ErrorTestButton() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('Error test from the member home');
  return (
    <Button variant="subtle" color="gray" size="xs" onClick={() => setBroken(true)}>
      <Trans>錯誤測試</Trans>
    </Button>
  );
}

function label(button: HomeButton, user: SessionUser): ReactNode {
  const balance = user.balance;
  const points = formatPoints(user.point);
  switch (button) {
    case 'balance':
      return <Trans>儲值餘額 {balance} 元</Trans>;
    case 'points':
      return <Trans>點數 {points} 點</Trans>;
    case 'calendar':
      return <Trans>行事曆</Trans>;
    case 'workshop':
      return <Trans>工作坊報名與結果</Trans>;
    case 'openDoor':
      return <Trans>開門</Trans>;
    case 'darkroomRule':
      return <Trans>暗房預約</Trans>;
    case 'training':
      return <Trans>暗房與數暗訓練</Trans>;
    case 'signIn':
      return <Trans>簽到</Trans>;
    case 'transfer':
      return <Trans>轉帳</Trans>;
    case 'courseSlides':
      return <Trans>課程講義（雲端硬碟）</Trans>;
    case 'terms':
      return <Trans>社規</Trans>;
    case 'staffArea':
      return <Trans>幹部專區</Trans>;
    case 'systemStatus':
      return <Trans>系統狀態</Trans>;
    case 'systemTempRH':
      return <Trans>暗房溫濕度</Trans>;
    case 'errorTest':
      return null;
    default: {
      const unhandled: never = button;
      throw new Error(`No label for home button ${String(unhandled)}`);
    }
  }
}

const STAFF_BUTTONS: readonly HomeButton[] = ['staffArea', 'systemStatus', 'systemTempRH'];

/** The system button's problem count: red with problems, quiet without (spec doc 1: with a problem count). */
function ProblemCount({ count }: { count: number }) {
  return (
    <Badge ml="xs" variant="white" c={count > 0 ? 'red.9' : 'dark.7'}>
      {count > 0 ? <Trans>{count} 個問題</Trans> : <Trans>正常</Trans>}
    </Badge>
  );
}

export function HomeButtonList({
  buttons,
  user,
  systemProblems,
}: {
  buttons: HomeButton[];
  user: SessionUser;
  /** The system status's problem count, once known. */
  systemProblems?: number | undefined;
}) {
  const links = useRouteLinks();
  const render = (button: HomeButton) => {
    if (button === 'errorTest') return <ErrorTestButton key={button} />;
    if (button === 'courseSlides') {
      return (
        <Button
          key={button}
          component="a"
          href={clubLinks.courseSlides}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
        >
          {label(button, user)}
        </Button>
      );
    }
    const route = homeButtonRoutes[button]!;
    return (
      <Button
        key={button}
        component={Link}
        to={links.pathOf(route)}
        variant={STAFF_BUTTONS.includes(button) ? 'filled' : 'light'}
      >
        {label(button, user)}
        {button === 'systemStatus' && systemProblems !== undefined && <ProblemCount count={systemProblems} />}
      </Button>
    );
  };
  const memberButtons = buttons.filter((button) => !STAFF_BUTTONS.includes(button) && button !== 'errorTest');
  const staffButtons = buttons.filter((button) => STAFF_BUTTONS.includes(button));
  return (
    <Stack gap="md">
      {memberButtons.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {memberButtons.map(render)}
        </SimpleGrid>
      )}
      {staffButtons.length > 0 && (
        <>
          <Divider label={<Trans>幹部</Trans>} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {staffButtons.map(render)}
          </SimpleGrid>
        </>
      )}
      {buttons.includes('errorTest') && render('errorTest')}
    </Stack>
  );
}
