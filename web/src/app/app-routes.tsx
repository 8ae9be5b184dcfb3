import { matchRoutes, Route, Routes } from 'react-router';
import { wholeCatalogReady } from '../i18n/i18n';
import { AppLayout } from './layout/app-layout';
import { GuardedRoute } from './routes/guarded-route';
import { lazyPage } from './routes/lazy-page';
import { PageErrorBoundary } from './routes/page-error-boundary';
import { UnknownPath } from './routes/unknown-path';
import {
  adminFilesRoute,
  adminNasRoute,
  adminStockFilmStatRoute,
  cardRoutes,
  darkroomDispenseRoute,
  darkroomSessionRoute,
  loanRoutes,
  passwordResetRoutes,
  shopCounterRoute,
} from './extra-routes';
import { builtRoutes, type PageModule } from './routes-table';
import { isStartupPage } from './startup-pages';

// The routes, built from the route table: every built page is its own lazily loaded chunk behind the
// guard; anything else (unknown paths and pages not built yet) shows the not-found page. Declarative routes (rather
// than a data router) keep the first load small; nothing here needs loaders or actions.

/** A start-up page renders with the start-up catalog; any other page waits for the whole catalog too. */
const withItsMessages = (load: () => Promise<PageModule>) =>
  isStartupPage(load) ? load : () => Promise.all([load(), wholeCatalogReady()]).then(([page]) => page);

// The uploader's staff page is not a spec route (./extra-routes.ts).
const pages = [
  ...builtRoutes(),
  adminFilesRoute,
  ...passwordResetRoutes,
  ...cardRoutes,
  adminNasRoute,
  adminStockFilmStatRoute,
  shopCounterRoute,
  darkroomDispenseRoute,
  darkroomSessionRoute,
  ...loanRoutes,
].map((route) => ({ route, page: lazyPage(withItsMessages(route.page!)) }));

/**
 * Loads the code of the page at `pathname` (none for an unknown path) while the start-up waits for the
 * person and the catalog, rather than after the first render asks for it. Never rejects: the render that
 * needs the page reports a failure. Returns whether that page is a start-up page (it renders with the
 * start-up catalog, so the first render can wait for its code; any other page also waits for the whole
 * catalog, which loads only after the start-up has chosen the language) and its loading.
 */
export function preloadPageAt(pathname: string): { startupPage: boolean; loading: Promise<void> } | null {
  const matches = matchRoutes(
    pages.map((entry) => ({ path: entry.route.path, entry })),
    pathname,
  );
  const entry = matches?.[0]?.route.entry;
  if (entry === undefined) return null;
  return { startupPage: isStartupPage(entry.route.page!), loading: entry.page.preload() };
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<PageErrorBoundary />}>
          {pages.map(({ route, page }) => (
            <Route
              key={route.name}
              path={route.path}
              element={<GuardedRoute key={route.name} route={route} page={page} />}
            />
          ))}
          <Route path="*" element={<UnknownPath />} />
        </Route>
      </Route>
    </Routes>
  );
}
