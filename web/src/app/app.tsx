import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ForbiddenError, UnauthorizedError } from '../shared/api/errors';
import { setCurrentUser } from '../shared/session/current-user';
import { loginPathFor } from './guards';
import { AppProvider } from './provider';
import { type QueryMeta, createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { routeNamed } from './routes-table';

/**
 * Builds the app's router and query client and ties them together: a 401 from any API call sends the
 * person to the login page with a way back, a 403 shows the not-found page (spec doc 3, section 8).
 */
export function createApp() {
  const router = createAppRouter();
  const loginPath = routeNamed('UserLogin').path;

  const onApiError = (error: unknown, meta: QueryMeta) => {
    const { pathname, search } = router.state.location;
    if (error instanceof UnauthorizedError) {
      setCurrentUser(queryClient, null);
      if (pathname !== loginPath) void router.navigate(loginPathFor(`${pathname}${search}`), { replace: true });
    } else if (error instanceof ForbiddenError && meta?.quietForbidden !== true) {
      void router.navigate({ pathname, search }, { replace: true, state: { notFound: true } });
    }
  };
  const queryClient: QueryClient = createQueryClient(onApiError);

  function App() {
    return (
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    );
  }
  return { App, router, queryClient };
}
