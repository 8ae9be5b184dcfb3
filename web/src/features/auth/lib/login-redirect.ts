import { NETWORK_STORAGE_PREFIX } from '../../../shared/config/links';
import { hasAuthority, type SessionUser } from '../../../shared/session/user';

/** Where to go after a successful login: a page of the app, or a full page load elsewhere. */
export type LoginDestination = { kind: 'page'; path: string } | { kind: 'external'; url: string };

export interface LoginRedirectPaths {
  memberHome: string;
  nasPage: string;
  /** Prepended to a /nas... redirect to reach the network storage itself. */
  networkStorageBase: string;
}

/**
 * Spec doc 1, section 4 (login redirect): the requested path is honoured only if it starts with a
 * slash and does not contain 'logout'; below the network-storage prefix a member or a holder of the
 * nas authority goes to the storage itself and anyone else to the NAS page; otherwise the member home.
 * A path starting with '//' or '/\' is refused as well, because browsers read it as another site.
 */
export function loginDestination(
  redirect: string | null,
  user: Pick<SessionUser, 'ismember' | 'authlist'>,
  paths: LoginRedirectPaths,
): LoginDestination {
  if (redirect === null) return { kind: 'page', path: paths.memberHome };
  const safe =
    redirect.startsWith('/') &&
    !redirect.startsWith('//') &&
    !redirect.startsWith('/\\') &&
    !redirect.includes('logout');
  if (!safe) return { kind: 'page', path: paths.memberHome };
  if (redirect.startsWith(NETWORK_STORAGE_PREFIX)) {
    return user.ismember || hasAuthority(user, 'nas')
      ? { kind: 'external', url: `${paths.networkStorageBase}${redirect}` }
      : { kind: 'page', path: paths.nasPage };
  }
  return { kind: 'page', path: redirect };
}
