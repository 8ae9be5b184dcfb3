// The booking host as the room-booking service sees it (core/src/actplace/service.ts), and the timer that
// runs the pending wishes when the university's booking opens (10:00:00 Taipei). docs/actplace.md.
import type { BookingOutcome } from '@club/core/actplace/events';
import { msUntilNextOpening } from '@club/core/actplace/rules';
import type { BookingHostPort } from '@club/core/actplace/service';
import type { DeviceLink } from '@club/workers/device-link';
import type { PortalServices } from '../services.ts';

/** How long one wish may take on the booking site (six rooms, each a round trip). */
export const BOOKING_WAIT_MS = 20_000;

export function bookingHost(link: DeviceLink | null, waitMs = BOOKING_WAIT_MS): BookingHostPort {
  return {
    async book(requestId, wish) {
      if (!link) return { outcome: 'unreachable', room: null, tried: [], error: 'no-device-link' };
      const answer = await link.send(
        {
          device: 'actplace',
          action: 'book',
          requestId,
          date: wish.date,
          timeslot: wish.timeslot,
          name: wish.name,
          ntup: wish.ntup,
          choicelist: wish.choicelist,
        },
        { waitMs },
      );
      if (!answer.ok)
        return answer.reason === 'servicedown'
          ? { outcome: 'unreachable', room: null, tried: [], error: answer.why }
          : // The site itself did not answer on every attempt: the wish waits for the next run.
            /offline/.test(answer.error)
            ? { outcome: 'unreachable', room: null, tried: [], error: answer.error }
            : { outcome: 'failed', room: null, tried: [], error: answer.error };
      if (!('outcome' in answer)) return { outcome: 'failed', room: null, tried: [], error: 'no outcome' };
      const detail = answer.outcome.detail ?? {};
      const outcome = (detail.outcome === 'booked' ? 'booked' : 'alltaken') as BookingOutcome;
      const room = typeof detail.room === 'string' ? detail.room : null;
      const tried =
        typeof detail.tried === 'string'
          ? (JSON.parse(detail.tried) as { room: string; answer: string }[])
          : [];
      return { outcome, room, tried };
    },
  };
}

/**
 * Books every pending wish at once (each its own device job, so one slow room does not hold the others).
 * Wishes whose date has passed are left alone.
 */
export async function runPendingWishes(services: PortalServices, byPk: number | null): Promise<number> {
  const pending = [...services.projections.models.actplace.wishes.values()].filter(
    (row) => row.status === 'pending',
  );
  const host = bookingHost(services.devices);
  const context = {
    now: services.now(),
    actor: byPk === null ? null : String(byPk),
    correlationId: `actplace-run-${services.now().toISOString()}`,
  };
  await Promise.all(pending.map((row) => services.actplace.book(row.wishId, host, context)));
  await services.projections.waitFor(await services.store.headPosition());
  return pending.length;
}

/** Runs the pending wishes at every 10:00:00 Taipei while the API runs; stop() cancels the timer. */
export function startOpeningTimer(services: PortalServices, log: { warn(message: string): void }) {
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    timer = setTimeout(
      async () => {
        try {
          await runPendingWishes(services, null);
        } catch (error) {
          log.warn(`actplace run at the opening failed: ${(error as Error).message}`);
        }
        schedule();
      },
      Math.max(msUntilNextOpening(services.now()), 1000),
    );
    timer.unref();
  };
  schedule();
  return {
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
