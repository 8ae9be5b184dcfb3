import { useSearchParams } from 'react-router';
import type { ClientScope } from '../api/library';

/** The counter kiosk opens these pages with ?scope=store (as the counter sale does). */
export function useClientScope(): ClientScope {
  const [params] = useSearchParams();
  return params.get('scope') === 'store' ? 'store' : 'main';
}
