import { useEffect } from 'react';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';

/** What code outside React (the query client's error handler) needs to move the person elsewhere. */
export interface NavigationHandle {
  current: { navigate: NavigateFunction; location: Location } | null;
}

/** Keeps `handle` pointing at the router's navigate function and current location. */
export function NavigationBridge({ handle }: { handle: NavigationHandle }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    handle.current = { navigate, location };
  }, [handle, navigate, location]);
  return null;
}
