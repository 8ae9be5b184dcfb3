import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { useLogout } from '../api/logout';

/** Shows a signing-out message, ends the session and goes to the public home. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const links = useRouteLinks();
  const { mutate } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development; the session is ended once.
    if (started.current) return;
    started.current = true;
    mutate(undefined, {
      onSettled: () => navigate(links.pathOf('PublicHome'), { replace: true }),
    });
  }, [mutate, navigate, links]);

  return (
    <Center mih={200}>
      <Stack align="center">
        <Loader />
        <Text>
          <Trans>登出中…</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
