import { useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';

/** The page of a log from its path (`.../log/:page?`, 1 when absent), and a way to go to another page. */
export function usePageParam(route: string): [number, (page: number) => void] {
  const raw = Number(useParams().page ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const navigate = useNavigate();
  const links = useRouteLinks();
  return [page, (next) => navigate(links.pathOf(route, { page: next }))];
}
