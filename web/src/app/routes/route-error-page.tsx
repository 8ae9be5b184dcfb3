import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { LoadFailed } from '../../shared/ui/load-failed';

/** A page that threw while loading or rendering. The error is reported (to the console for now). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('page failed', error);
  }, [error]);
  return (
    <Container size="sm" px={0}>
      <LoadFailed />
    </Container>
  );
}
