// Helpers for the column forms that some models take in the snapshot (login-log-stored.ts,
// transfers-stored.ts): values that repeat are stored once, in a table, and referred to by index.

/** Indexes of the values in a table of the distinct ones, in order of first appearance. */
export function tableOf(values: (index: number) => string, count: number): [Uint32Array, string[]] {
  const indexes = new Uint32Array(count);
  const table: string[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    const value = values(i);
    let index = seen.get(value);
    if (index === undefined) {
      index = table.length;
      table.push(value);
      seen.set(value, index);
    }
    indexes[i] = index;
  }
  return [indexes, table];
}

/** An ISO time that reads back the same from its epoch milliseconds (what `toISOString` writes). */
export const isEpochIsoTime = (value: unknown): value is string =>
  typeof value === 'string' && new Date(Date.parse(value)).toISOString() === value;
