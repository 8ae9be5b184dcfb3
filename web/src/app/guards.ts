import { generatePath } from 'react-router';
import { hasAuthority, isActiveStaff, type SessionUser } from '../shared/session/user';
import { type AppRoute, type MenuSection, type RouteRole, routeNamed, routesTable } from './routes-table';
import { extraMenuRoutes } from './extra-menu-routes';

// Pure access rules over the route table; the router's guard component and the menus use them, and
// routes-table.test.ts checks them for every route.

export type AccessDecision =
  | { kind: 'allow' }
  /** Not signed in: go to the login page, which comes back to `to`'s redirect afterwards. */
  | { kind: 'login'; to: string }
  /** Signed in but the role does not allow it: the not-found page (spec doc 3, section 8, 403). */
  | { kind: 'forbidden' };

/** The staff area: every route whose name starts with Admin requires staff. */
export const isStaffArea = (route: Pick<AppRoute, 'name'>): boolean => route.name.startsWith('Admin');

/** The login page with a way back to `currentPath` (path plus query string). */
export function loginPathFor(currentPath: string): string {
  return `${routeNamed('UserLogin').path}?redirect=${encodeURIComponent(currentPath)}`;
}

function signedInRoleAllows(role: RouteRole, user: SessionUser): boolean {
  if (role === 'visitor' || role === 'user') return true;
  if (role === 'member') return user.ismember;
  if (role === 'staff') return isActiveStaff(user);
  return hasAuthority(user, role.authority);
}

/** Whether `user` (null for a visitor) may open `route`, and where to send them if not. */
export function decideAccess(
  route: Pick<AppRoute, 'name' | 'role' | 'alsoForAuthority'>,
  user: SessionUser | null,
  currentPath: string,
): AccessDecision {
  if (route.role === 'visitor' && !isStaffArea(route)) return { kind: 'allow' };
  if (user === null) return { kind: 'login', to: loginPathFor(currentPath) };
  if (route.alsoForAuthority !== undefined && hasAuthority(user, route.alsoForAuthority)) {
    return { kind: 'allow' };
  }
  if (isStaffArea(route) && !isActiveStaff(user)) return { kind: 'forbidden' };
  return signedInRoleAllows(route.role, user) ? { kind: 'allow' } : { kind: 'forbidden' };
}

/** True when every constrained parameter that is present matches the spec's pattern. */
export function paramsMatch(
  route: Pick<AppRoute, 'params'>,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  return Object.entries(route.params ?? {}).every(([name, pattern]) => {
    const value = params[name];
    return value === undefined || value === '' || pattern.test(value);
  });
}

/** The path of `route` with its parameters filled in; optional ones left out are dropped. */
export function fillPath(
  route: Pick<AppRoute, 'path'>,
  params: Record<string, string | number | undefined> = {},
) {
  const stringParams: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(params))
    stringParams[name] = value === undefined ? null : String(value);
  return generatePath(route.path, stringParams);
}

/** Whether a button or link to the named route makes sense: the page is built and the person may open it. */
export function isRouteAvailable(name: string, user: SessionUser | null): boolean {
  const route = routesTable.find((candidate) => candidate.name === name);
  if (route?.page === undefined) return false;
  return decideAccess(route, user, route.path).kind === 'allow';
}

/** The built routes of one menu section that this person should see. */
export function menuRoutes(user: SessionUser | null, section: MenuSection): AppRoute[] {
  return [...routesTable, ...extraMenuRoutes].filter((route) => {
    if (route.page === undefined || !inMenu(route, section)) return false;
    if (section === 'public') return user === null;
    if (user === null || decideAccess(route, user, route.path).kind !== 'allow') return false;
    return route.menuWhen === undefined || route.menuWhen(user);
  });
}

const inMenu = (route: AppRoute, section: MenuSection): boolean =>
  typeof route.menu === 'string' ? route.menu === section : (route.menu?.includes(section) ?? false);
