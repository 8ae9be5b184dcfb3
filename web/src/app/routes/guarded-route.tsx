import { useRef } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../../shared/session/current-user';
import { LoadFailed } from '../../shared/ui/load-failed';
import { PageLoader } from '../../shared/ui/page-loader';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { decideAccess, paramsMatch } from '../guards';
import { type AppRoute, routeNamed } from '../routes-table';
import { type LazyPage, LazyPageView } from './lazy-page';
import { NotFoundPage } from './not-found-page';

/** Router state that asks the current path to show the not-found page (set after an API 403). */
export interface NotFoundState {
  notFound: true;
}

const asksForNotFound = (state: unknown): state is NotFoundState =>
  typeof state === 'object' && state !== null && (state as Partial<NotFoundState>).notFound === true;

// No Suspense of its own: while the page's code loads it suspends to the layout's boundary, which is
// already on screen, so a menu link's navigation (a transition) keeps the current page shown until the
// new one can render (with the top bar, page-loading-bar.tsx). A boundary here would be new at each
// navigation and show its loader at once, and React then holds the page back until 300 ms after that
// loader appeared (measured: about 400 ms from a click to a page whose code took under 100 ms).
function TitledPage({ route, page }: { route: AppRoute; page: LazyPage }) {
  usePageTitle(route.title);
  return <LazyPageView page={page} />;
}

/** Checks the route's parameters and role for the current person, then shows the lazily loaded page. */
export function GuardedRoute({ route, page }: { route: AppRoute; page: LazyPage }) {
  const location = useLocation();
  const params = useParams();
  const { user, isPending, isError, refetch } = useCurrentUser();
  // Whether the person was signed in when the page opened: a visitor-only page (login, registration)
  // sends a signed-in person to the member home, but not the person who has just logged in on it, whom
  // the login page itself sends on to where they were going.
  // Kept per arrival (the location's key), not per path: while the next page's code loads, React keeps
  // this page on screen, and going back to it from there is a new arrival, signed in by then.
  const arrival = useRef<{ key: string; signedIn: boolean } | null>(null);
  if (!isPending && arrival.current?.key !== location.key)
    arrival.current = { key: location.key, signedIn: user !== null };

  if (asksForNotFound(location.state)) return <NotFoundPage />;
  if (!paramsMatch(route, params)) return <NotFoundPage />;
  if (isPending) return <PageLoader />;
  if (route.visitorOnly && user !== null && arrival.current?.signedIn)
    return <Navigate to={routeNamed('MemberHome').path} replace />;
  // Without knowing who this is, public pages still work as for a visitor; others cannot be judged.
  if (isError && user === null && route.role !== 'visitor')
    return <LoadFailed onRetry={() => void refetch()} />;

  const decision = decideAccess(route, user, `${location.pathname}${location.search}`);
  if (decision.kind === 'login') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'forbidden') return <NotFoundPage />;
  return <TitledPage route={route} page={page} />;
}
