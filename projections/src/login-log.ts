// The login log read model (AdminSystemStatus login log page): newest last.
import type { LoginAttemptedEvent } from '@club/core/accounts/events';
import { loginLogOfStored, type StoredLoginLog, storedLoginLogOf } from './login-log-stored.ts';
import type { Projection } from './runner.ts';

export type LoginLogRow = LoginAttemptedEvent['data'] & { pk: number; timestamp: string };

export const loginLogProjection: Projection<LoginLogRow[]> = {
  handles: new Set(['LoginAttempted']),
  initial: () => [],
  evolve(rows, event) {
    rows.push({
      ...(event.data as LoginAttemptedEvent['data']),
      pk: event.position,
      timestamp: event.metadata.time,
    });
    return rows;
  },
  storedFormOf: (rows) => storedLoginLogOf(rows),
  restoreStored: (stored) => loginLogOfStored(stored as StoredLoginLog),
};
