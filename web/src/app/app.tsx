import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ForbiddenError, UnauthorizedError } from '../shared/api/errors';
import { setCurrentUser } from '../shared/session/current-user';
import { AppRoutes } from './app-routes';
import { loginPathFor } from './guards';
import { NavigationBridge, type NavigationHandle } from './navigation-bridge';
import { AppProvider } from './provider';
import { createQueryClient, type QueryMeta } from './query-client';
import { routeNamed } from './routes-table';

export interface AppServices {
  queryClient: QueryClient;
  navigation: NavigationHandle;
}

/**
 * Builds the query client and ties it to the router: a 401 from any API call sends the person to the
 * login page with a way back, a 403 shows the not-found page (spec doc 3, section 8).
 */
export function createAppServices(): AppServices {
  const navigation: NavigationHandle = { current: null };
  const loginPath = routeNamed('UserLogin').path;

  const onApiError = (error: unknown, meta: QueryMeta) => {
    if (navigation.current === null) return;
    const { navigate, location } = navigation.current;
    const { pathname, search } = location;
    if (error instanceof UnauthorizedError) {
      setCurrentUser(queryClient, null);
      if (pathname !== loginPath) navigate(loginPathFor(`${pathname}${search}`), { replace: true });
    } else if (error instanceof ForbiddenError && meta?.quietForbidden !== true) {
      navigate({ pathname, search }, { replace: true, state: { notFound: true } });
    }
  };
  const queryClient: QueryClient = createQueryClient(onApiError);
  return { queryClient, navigation };
}

export function App({ services }: { services: AppServices }) {
  return (
    <AppProvider queryClient={services.queryClient}>
      <BrowserRouter>
        <NavigationBridge handle={services.navigation} />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
