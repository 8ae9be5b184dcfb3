import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { NotFoundPage } from './not-found-page';

/**
 * Unknown paths (and pages not built yet) log a warning and show the not-found page with a way home. The
 * spec (doc 3, 2.1) redirects them to '/', but a silent redirect hid a mistyped link or a page that is
 * not there yet; issue 8 asked for a page that says so (docs/architecture.md, web decisions).
 */
export function UnknownPath() {
  const location = useLocation();
  useEffect(() => {
    console.warn(`Unknown path ${location.pathname}`);
  }, [location.pathname]);
  return <NotFoundPage />;
}
