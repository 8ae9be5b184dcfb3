// The login log's stored form for the snapshot: a third of a club's log is logins, and v8 serialisation
// writes every row's nine key names and strings again (44 MiB of the 1M-event snapshot). Stored, the log is
// columns: numbers in typed arrays, times as epoch milliseconds, and the identifiers and addresses, which
// repeat, as indexes into tables of distinct values. A row that does not fit the columns exactly (another
// shape, a time that does not read back the same) is stored as it is, so the restored log always equals
// the stored one (login-log-stored.test.ts).
import type { LoginLogRow } from './login-log.ts';
import { isEpochIsoTime, tableOf } from './stored-columns.ts';

export interface StoredLoginLog {
  count: number;
  pks: Float64Array;
  /** NaN for none (a failed login on an unknown account). */
  userPks: Float64Array;
  timesMs: Float64Array;
  methods: Uint8Array;
  scopes: Uint8Array;
  statuses: Uint8Array;
  firsts: Uint8Array;
  identifierIndexes: Uint32Array;
  identifiers: string[];
  ipIndexes: Uint32Array;
  ips: string[];
  /** Rows stored as they are, by their index in the log. */
  rowsAsTheyAre: Array<[index: number, row: LoginLogRow]>;
}

const KEYS = ['userPk', 'identifier', 'method', 'scope', 'ip', 'status', 'first', 'pk', 'timestamp'];

const fitsColumns = (row: LoginLogRow): boolean => {
  const keys = Object.keys(row);
  return (
    keys.length === KEYS.length &&
    KEYS.every((key) => key in row) &&
    (row.userPk === null || Number.isFinite(row.userPk)) &&
    typeof row.identifier === 'string' &&
    typeof row.ip === 'string' &&
    typeof row.first === 'boolean' &&
    [row.method, row.scope, row.status].every(
      (value) => Number.isInteger(value) && value >= 0 && value < 256,
    ) &&
    Number.isFinite(row.pk) &&
    isEpochIsoTime(row.timestamp)
  );
};

export function storedLoginLogOf(rows: readonly LoginLogRow[]): StoredLoginLog {
  const count = rows.length;
  const stored: StoredLoginLog = {
    count,
    pks: new Float64Array(count),
    userPks: new Float64Array(count),
    timesMs: new Float64Array(count),
    methods: new Uint8Array(count),
    scopes: new Uint8Array(count),
    statuses: new Uint8Array(count),
    firsts: new Uint8Array(count),
    identifierIndexes: new Uint32Array(0),
    identifiers: [],
    ipIndexes: new Uint32Array(0),
    ips: [],
    rowsAsTheyAre: [],
  };
  const fits = rows.map(fitsColumns);
  rows.forEach((row, i) => {
    if (!fits[i]) {
      stored.rowsAsTheyAre.push([i, row]);
      return;
    }
    stored.pks[i] = row.pk;
    stored.userPks[i] = row.userPk ?? Number.NaN;
    stored.timesMs[i] = Date.parse(row.timestamp);
    stored.methods[i] = row.method;
    stored.scopes[i] = row.scope;
    stored.statuses[i] = row.status;
    stored.firsts[i] = row.first ? 1 : 0;
  });
  [stored.identifierIndexes, stored.identifiers] = tableOf(
    (i) => (fits[i] ? rows[i]!.identifier : ''),
    count,
  );
  [stored.ipIndexes, stored.ips] = tableOf((i) => (fits[i] ? rows[i]!.ip : ''), count);
  return stored;
}

export function loginLogOfStored(stored: StoredLoginLog): LoginLogRow[] {
  const rows = new Array<LoginLogRow>(stored.count);
  for (let i = 0; i < stored.count; i += 1) {
    const userPk = stored.userPks[i]!;
    rows[i] = {
      userPk: Number.isNaN(userPk) ? null : userPk,
      identifier: stored.identifiers[stored.identifierIndexes[i]!]!,
      method: stored.methods[i] as LoginLogRow['method'],
      scope: stored.scopes[i] as LoginLogRow['scope'],
      ip: stored.ips[stored.ipIndexes[i]!]!,
      status: stored.statuses[i] as LoginLogRow['status'],
      first: stored.firsts[i] === 1,
      pk: stored.pks[i]!,
      timestamp: new Date(stored.timesMs[i]!).toISOString(),
    };
  }
  for (const [index, row] of stored.rowsAsTheyAre) rows[index] = row;
  return rows;
}
