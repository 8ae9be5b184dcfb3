// Personal iCal feed URLs for staff (beyond the spec; docs/calendar.md). The URL's token is an HMAC of the
// user and a generation under the portal's secret, so the event log holds no secret and a token cannot be
// guessed; issuing the next generation revokes every earlier URL of that user.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Decider } from '../decider.ts';
import type { CalendarFeedIssuedEvent } from './events.ts';

export interface FeedState {
  /** 0 before the first URL was issued. */
  generation: number;
}

export const calendarFeedDecider: Decider<
  { type: 'IssueFeed'; userPk: number },
  CalendarFeedIssuedEvent,
  FeedState
> = {
  initialState: () => ({ generation: 0 }),
  decide: (command, state) => [
    { type: 'CalendarFeedIssued', data: { userPk: command.userPk, generation: state.generation + 1 } },
  ],
  evolve: (state, event) =>
    event.type === 'CalendarFeedIssued' ? { generation: event.data.generation } : state,
};

const mac = (secret: string, userPk: number, generation: number) =>
  createHmac('sha256', secret)
    .update(`calendar-feed ${userPk} ${generation}`)
    .digest('base64url')
    .slice(0, 32);

/** The token of a user's feed URL for a generation: `{userPk}-{generation}-{mac}`. */
export const feedToken = (secret: string, userPk: number, generation: number): string =>
  `${userPk}-${generation}-${mac(secret, userPk, generation)}`;

/** The user and generation a token claims, if its MAC is right; the caller checks the generation is current. */
export function readFeedToken(secret: string, token: string): { userPk: number; generation: number } | null {
  const match = /^([1-9]\d{0,9})-([1-9]\d{0,9})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const userPk = Number(match[1]);
  const generation = Number(match[2]);
  const expected = Buffer.from(mac(secret, userPk, generation));
  const given = Buffer.from(match[3]!);
  return timingSafeEqual(expected, given) ? { userPk, generation } : null;
}
