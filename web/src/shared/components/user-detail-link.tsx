import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../routing/route-links';
import { useCurrentUser } from '../session/current-user';
import { hasAuthority } from '../session/user';

/**
 * A person in a staff list, linked to their user detail for holders of the user authority (document 3,
 * section 6: user, "link to user detail"); plain text for everyone else.
 */
export function UserDetailLink({ pk, children }: { pk: number; children: ReactNode }) {
  const links = useRouteLinks();
  const { user } = useCurrentUser();
  if (!hasAuthority(user, 'user') || !links.isAvailable('AdminUserDetail')) return <>{children}</>;
  return (
    <Anchor component={Link} to={links.pathOf('AdminUserDetail', { pk })}>
      {children}
    </Anchor>
  );
}
