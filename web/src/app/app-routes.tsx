import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { GuardedRoute } from './routes/guarded-route';
import { PageErrorBoundary } from './routes/page-error-boundary';
import { UnknownPath } from './routes/unknown-path';
import {
  adminFilesRoute,
  adminNasRoute,
  adminStockFilmStatRoute,
  cardRoutes,
  darkroomDispenseRoute,
  darkroomSessionRoute,
  passwordResetRoutes,
  shopCounterRoute,
} from './extra-routes';
import { builtRoutes } from './routes-table';

// The routes, built from the route table: every built page is its own lazily loaded chunk behind the
// guard; anything else (unknown paths and pages not built yet) shows the not-found page. Declarative routes (rather
// than a data router) keep the first load small; nothing here needs loaders or actions.

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
].map((route) => ({
  route,
  Page: lazy(route.page!),
}));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<PageErrorBoundary />}>
          {pages.map(({ route, Page }) => (
            <Route
              key={route.name}
              path={route.path}
              element={<GuardedRoute key={route.name} route={route} Page={Page} />}
            />
          ))}
          <Route path="*" element={<UnknownPath />} />
        </Route>
      </Route>
    </Routes>
  );
}
