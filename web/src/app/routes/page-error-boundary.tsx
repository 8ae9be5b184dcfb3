import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadFailed } from '../../shared/ui/load-failed';

interface BoundaryState {
  error: unknown;
}

/** Catches a page that throws while loading (a missing chunk) or rendering, and reports the error. */
class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    // The error reporter is the console until an error-reporting service is configured.
    console.error('page failed', error);
  }

  override render() {
    if (this.state.error !== null) {
      return <LoadFailed />;
    }
    return this.props.children;
  }
}

/** Wraps the pages; moving to another path starts with a fresh boundary. */
export function PageErrorBoundary() {
  const location = useLocation();
  return (
    <ErrorBoundary key={location.pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}
