// The user change log and the user search log read models (AdminSystemStatus log pages): newest last.
import type { UserProfileChangedEvent, UserSearchedEvent } from '@club/core/accounts/events';
import type { Projection } from './runner.ts';

export type UserChangeLogRow = UserProfileChangedEvent['data'] & {
  pk: number;
  timestamp: string;
  /** The user whose profile changed. */
  userPk: number;
};

export const userChangeLogProjection: Projection<UserChangeLogRow[]> = {
  handles: new Set(['UserProfileChanged']),
  initial: () => [],
  evolve(rows, event) {
    rows.push({
      ...(event.data as UserProfileChangedEvent['data']),
      pk: event.position,
      timestamp: event.metadata.time,
      userPk: Number(event.stream.slice('user-'.length)),
    });
    return rows;
  },
};

export type UserSearchLogRow = UserSearchedEvent['data'] & { pk: number; timestamp: string };

export const userSearchLogProjection: Projection<UserSearchLogRow[]> = {
  handles: new Set(['UserSearched']),
  initial: () => [],
  evolve(rows, event) {
    rows.push({
      ...(event.data as UserSearchedEvent['data']),
      pk: event.position,
      timestamp: event.metadata.time,
    });
    return rows;
  },
};
