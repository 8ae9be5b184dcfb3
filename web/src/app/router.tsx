import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { GuardedRoute } from './routes/guarded-route';
import { RouteErrorPage } from './routes/route-error-page';
import { UnknownPath } from './routes/unknown-path';
import { builtRoutes } from './routes-table';

/**
 * The router, built from the route table: every built page is its own lazily loaded chunk behind the
 * guard; anything else (unknown paths and pages not built yet) goes to '/'.
 */
export function createAppRouter() {
  const pages: RouteObject[] = builtRoutes().map((route) => {
    const Page = lazy(route.page!);
    return { path: route.path, element: <GuardedRoute route={route} Page={Page} /> };
  });
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [...pages, { path: '*', element: <UnknownPath /> }],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
