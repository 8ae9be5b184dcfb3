// The login log's stored form must give back the log it was made from, through v8 serialisation as the
// snapshot writes it, including rows that do not fit its columns.
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { LoginLogRow } from './login-log.ts';
import { loginLogOfStored, type StoredLoginLog, storedLoginLogOf } from './login-log-stored.ts';

const row = (pk: number, changes: Partial<LoginLogRow> = {}): LoginLogRow => ({
  userPk: 101,
  identifier: 'B10000001',
  method: 1,
  scope: 0,
  ip: '10.0.0.1',
  status: 0,
  first: false,
  pk,
  timestamp: '2026-11-20T03:00:00.123Z',
  ...changes,
});

describe('the login log stored in the snapshot', () => {
  it('restores an equal log, in order, with rows that do not fit the columns kept as they are', () => {
    const rows: LoginLogRow[] = [
      row(3),
      row(5, { userPk: null, identifier: 'B1****', status: 2, ip: '10.0.0.2' }),
      row(8, { first: true, method: 2, scope: 1, timestamp: '2026-11-21T00:00:00.000Z' }),
      // A time that would not read back the same, and a row with a key the columns do not know.
      row(9, { timestamp: '2026-11-21T08:00:00+08:00' }),
      { ...row(12), extra: 'x' } as LoginLogRow,
      row(13, { ip: '10.0.0.2', identifier: 'B10000001' }),
    ];
    const stored = deserialize(serialize(storedLoginLogOf(rows))) as StoredLoginLog;
    expect(stored.rowsAsTheyAre.map(([index]) => index)).toEqual([3, 4]);
    expect(stored.ips).toEqual(['10.0.0.1', '10.0.0.2', '']);
    expect(loginLogOfStored(stored)).toEqual(rows);
    expect(loginLogOfStored(storedLoginLogOf([]))).toEqual([]);
  });
});
