import type * as actplace from '@club/api/contracts/actplace';
import type { BodyOf, OkOf, ReplyOf } from '@club/api/contracts/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, okOrThrow, withSignal } from '../../../shared/api/endpoint';
import { POLL_INTERVAL_MS } from '@club/core/actplace/rules';

// POST /admin/actplace: 'mount' reads the page (polled every 3 s), 'click' acts (api/src/contracts/actplace.ts).

export type ActPlacePage = OkOf<typeof actplace.actplacePage>;
export type ActPlaceWishRow = ActPlacePage['loglist'][number];
export type ActPlaceOrderRow = ActPlacePage['orderAllList'][number];
export type ActPlaceReply = ReplyOf<typeof actplace.actplacePage>;
export type ActPlaceClick = Omit<BodyOf<typeof actplace.actplacePage>, 'clickormount'>;
export type Timeslot = ActPlaceWishRow['timeslot'];

const pageCall = endpoint<typeof actplace.actplacePage>('POST', '/admin/actplace');
const pageKey = ['admin', 'actplace'] as const;

/** The page, polled every 3 s; a failed poll keeps the last answer (the banner tells its age). */
export const useActPlacePage = () =>
  useQuery({
    queryKey: pageKey,
    queryFn: ({ signal }) => okOrThrow(pageCall({ body: { clickormount: 'mount' } }, withSignal(signal))),
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });

export function useActPlaceClick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'actplace', 'click'],
    mutationFn: (click: ActPlaceClick): Promise<ActPlaceReply> =>
      pageCall({ body: { clickormount: 'click', ...click } }),
    onSuccess: (reply) => {
      if (reply.status === 'ok') queryClient.setQueryData(pageKey, reply);
    },
  });
}
