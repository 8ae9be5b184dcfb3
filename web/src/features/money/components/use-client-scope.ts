import { useSearchParams } from 'react-router';
import type { ClientScope } from '../api/money';

/**
 * The store kiosk opens the money pages with ?scope=store: they then send the store scope to the API
 * and show their errors inline rather than as toasts (doc 1, section 8).
 */
export function useClientScope(): ClientScope {
  const [params] = useSearchParams();
  return params.get('scope') === 'store' ? 'store' : 'main';
}
