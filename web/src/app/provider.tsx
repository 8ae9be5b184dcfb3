import { I18nProvider } from '@lingui/react';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { activateLocale, i18n, preferredLocale, storeLocale } from '../i18n/i18n';
import { localeFromSetting } from '../i18n/locale';
import { RouteLinksProvider } from '../shared/routing/route-links';
import { useCurrentUser } from '../shared/session/current-user';
import { ToastHost } from '../shared/ui/toast-host';
import { fillPath, isRouteAvailable } from './guards';
import { routeNamed } from './routes-table';

const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8: white text on filled buttons reaches WCAG AA contrast (the default shade 6 does not).
  primaryShade: 8,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans TC", "Noto Sans CJK TC", "PingFang TC", "Microsoft JhengHei", sans-serif',
});

/** Dimmed text (hints, captions, descriptions) one shade darker than Mantine's, for WCAG AA contrast. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/** Gives features their links from the route table, for the current person. */
function RouteLinksFromTable({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const links = useMemo(
    () => ({
      pathOf: (name: string, params?: Record<string, string | number | undefined>) =>
        fillPath(routeNamed(name), params),
      isAvailable: (name: string) => isRouteAvailable(name, user),
    }),
    [user],
  );
  return <RouteLinksProvider value={links}>{children}</RouteLinksProvider>;
}

/**
 * Follows the signed-in person's language setting whenever it (or the person) changes, and keeps it in
 * this browser too, so the public pages stay in that language after logging out (spec: settings.lang,
 * else the browser; issue 8). A setting of '' (follow the browser) clears the kept choice.
 */
function LocaleFromUser() {
  const { user, isPending } = useCurrentUser();
  const setting = user?.settings.lang;
  useEffect(() => {
    if (isPending) return;
    if (setting !== undefined) storeLocale(localeFromSetting(setting));
    void activateLocale(preferredLocale(setting));
  }, [isPending, setting]);
  return null;
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <LocaleFromUser />
          <RouteLinksFromTable>{children}</RouteLinksFromTable>
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
