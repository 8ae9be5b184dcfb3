import { Trans, useLingui } from '@lingui/react/macro';
import {
  AppShell,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../features/account/components/language-switch';
import { useCurrentUser } from '../../shared/session/current-user';
import { PageLoader } from '../../shared/ui/page-loader';
import { useWideScreen } from '../../shared/ui/use-wide-screen';
import { fillPath, menuRoutes } from '../guards';
import { type AppRoute, routeNamed } from '../routes-table';
import { PageLoadingBar } from './page-loading-bar';

// The app shell: a side menu, always shown on wide screens and behind a burger on phones (mobile first).
// A side menu has room for every page as more are built; header buttons did not. Plain buttons rather
// than dropdown menus keep the first load small.

/**
 * The width of the page column on wide screens, in px: room for the widest list (the transaction log)
 * without sideways scrolling beside the 240 px menu at 1280 px, and lines short enough to read. Forms
 * inside a page (login, password) keep their own narrower width, left-aligned in the column.
 */
export const PAGE_MAX_WIDTH = 960;

function MenuButtons({ routes, onFollow }: { routes: AppRoute[]; onFollow: () => void }) {
  const { i18n } = useLingui();
  const location = useLocation();
  return routes.map((route) => {
    // Optional parameters (the transfer's default recipient) are left out of a menu link.
    const path = fillPath(route);
    const current = location.pathname === path;
    return (
      <Button
        key={route.name}
        component={Link}
        to={path}
        aria-current={current ? 'page' : undefined}
        onClick={onFollow}
        variant={current ? 'light' : 'subtle'}
        size="md"
        justify="flex-start"
        fullWidth
      >
        {i18n._(route.title)}
      </Button>
    );
  });
}

export function AppLayout() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const wide = useWideScreen();

  // Following a menu link closes the phone menu at once (the current page then stays on screen, with the
  // loading bar, until the next page's code is in); any other change of page closes it too.
  useEffect(() => {
    if (location.pathname) close();
  }, [location.pathname, close]);

  const mainRoutes =
    user === null
      ? menuRoutes(null, 'public')
      : [...menuRoutes(user, 'member'), ...menuRoutes(user, 'staff')];
  const accountRoutes = user === null ? [] : menuRoutes(user, 'account');
  const homePath = user === null ? routeNamed('PublicHome').path : routeNamed('MemberHome').path;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: false } }}
      padding="md"
    >
      <PageLoadingBar />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t`選單`} />
            <UnstyledButton component={Link} to={homePath}>
              <Text fw={700} size="lg" truncate="end">
                <Trans>攝影社</Trans>
              </Text>
            </UnstyledButton>
          </Group>
          <LanguageSwitch />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" style={{ overflowY: 'auto' }}>
        {/* On phones rendered only while open, so the hidden menu is not reachable by keyboard or readers. */}
        {(opened || wide) && (
          <Stack gap={2} component="nav" aria-label={t`選單`}>
            <MenuButtons routes={mainRoutes} onFollow={close} />
            {accountRoutes.length > 0 && <Divider my="xs" label={user?.name} labelPosition="left" />}
            <MenuButtons routes={accountRoutes} onFollow={close} />
          </Stack>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        {/* The one page width rule (docs/architecture.md): every page in one column of at most
            PAGE_MAX_WIDTH, centred beside the menu; pages do not set their own width. */}
        <Container size={PAGE_MAX_WIDTH} px={0}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
