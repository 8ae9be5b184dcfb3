import { createContext, useContext } from 'react';

/**
 * How features link to pages without importing the app's route table (imports flow app -> features ->
 * shared). The app provides the implementation from its single route table.
 */
export interface RouteLinks {
  /** The path of a named route with its parameters filled in; it exists even if the page is not built. */
  pathOf(name: string, params?: Record<string, string | number | undefined>): string;
  /** True when the page is built and the current person may open it, so a button to it makes sense. */
  isAvailable(name: string): boolean;
}

const RouteLinksContext = createContext<RouteLinks | null>(null);

export const RouteLinksProvider = RouteLinksContext.Provider;

export function useRouteLinks(): RouteLinks {
  const links = useContext(RouteLinksContext);
  if (links === null) throw new Error('useRouteLinks needs a RouteLinksProvider above it');
  return links;
}
