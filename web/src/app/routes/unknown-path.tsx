import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';

/** Unknown paths (and pages not built yet) log a warning and go to the home page (spec doc 3, 2.1). */
export function UnknownPath() {
  const location = useLocation();
  useEffect(() => {
    console.warn(`Unknown path ${location.pathname}; going to /`);
  }, [location.pathname]);
  return <Navigate to="/" replace />;
}
