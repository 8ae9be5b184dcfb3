import { Trans, useLingui } from '@lingui/react/macro';
import { AppShell, Burger, Button, Group, Menu, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../features/account/components/language-switch';
import { useCurrentUser } from '../../shared/session/current-user';
import { PageLoader } from '../../shared/ui/page-loader';
import { menuRoutes } from '../guards';
import { type AppRoute, routeNamed } from '../routes-table';

/** The app shell: a header menu on wide screens, a burger and a side menu on phones (mobile first). */
export function AppLayout() {
  const { t, i18n } = useLingui();
  const { user } = useCurrentUser();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  // Following a menu link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => close(), [location.pathname, close]);

  const mainRoutes = user === null ? menuRoutes(null, 'public') : menuRoutes(user, 'member');
  const accountRoutes = user === null ? [] : menuRoutes(user, 'account');
  const staffRoutes = user === null ? [] : menuRoutes(user, 'staff');
  const homePath = user === null ? routeNamed('PublicHome').path : routeNamed('MemberHome').path;
  const title = (route: AppRoute) => i18n._(route.title);
  const isActive = (route: AppRoute) => location.pathname === route.path;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t`選單`} />
            <UnstyledButton component={Link} to={homePath}>
              <Text fw={700} size="lg">
                <Trans>攝影社</Trans>
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap="xs" visibleFrom="sm" wrap="nowrap" component="nav" aria-label={t`主選單`}>
            {[...mainRoutes, ...staffRoutes].map((route) => (
              <Button
                key={route.name}
                component={Link}
                to={route.path}
                variant={isActive(route) ? 'light' : 'subtle'}
                size="compact-md"
              >
                {title(route)}
              </Button>
            ))}
            {user !== null && accountRoutes.length > 0 && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="subtle" size="compact-md">
                    {user.name}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {accountRoutes.map((route) => (
                    <Menu.Item key={route.name} component={Link} to={route.path}>
                      {title(route)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          <LanguageSwitch />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={t`選單`}>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={0}>
            {[...mainRoutes, ...staffRoutes, ...accountRoutes].map((route) => (
              <NavLink
                key={route.name}
                component={Link}
                to={route.path}
                label={title(route)}
                active={isActive(route)}
              />
            ))}
          </Stack>
        </AppShell.Section>
        {user !== null && (
          <AppShell.Section>
            <Text size="xs" c="dimmed" px="sm" py="xs">
              {user.name}
            </Text>
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
