// The rows this process committed most recently, in commit order. Subscriptions (the read models and the
// process managers, four of them in the portal) follow the log just behind the appends; without this
// each of them read every new row back with a query, so every event was selected four times right after
// it was inserted. They now take such rows from here, and query the file only for what is not here: rows
// another process wrote (the poll finds them) and rows older than the tail.
//
// Only rows of committed transactions are pushed (the adapter pushes a batch after its COMMIT), so a row
// here is in the file. Positions grow in commit order, but rows of other processes are not here, so a
// read takes only consecutive positions and stops at the first gap; the caller reads on from the file.
export interface TailRow {
  position: number;
}

export class CommittedTail<Row extends TailRow> {
  private rows: Row[] = [];
  /** Index of the oldest kept row: trimming moves it, and the array is compacted now and then. */
  private first = 0;

  constructor(private readonly capacity = 4_096) {}

  push(rows: readonly Row[]): void {
    for (const row of rows) this.rows.push(row);
    const kept = this.rows.length - this.first;
    if (kept > this.capacity) this.first += kept - this.capacity;
    if (this.first > this.capacity) {
      this.rows = this.rows.slice(this.first);
      this.first = 0;
    }
  }

  /**
   * The rows at positions after+1, after+2, ... that are here, below `below` when it is given, at most
   * `maxCount`; undefined when the row at after+1 is not here (the caller must ask the file).
   */
  read(after: number, below: number | undefined, maxCount: number): Row[] | undefined {
    const wanted = after + 1;
    let index = this.indexOf(wanted);
    if (index < 0) return undefined;
    const out: Row[] = [];
    let expected = wanted;
    for (; index < this.rows.length && out.length < maxCount; index += 1) {
      const row = this.rows[index]!;
      if (row.position !== expected || (below !== undefined && row.position >= below)) break;
      out.push(row);
      expected += 1;
    }
    return out;
  }

  /** Binary search for a position among the kept rows (they are in increasing order); -1 if absent. */
  private indexOf(position: number): number {
    let low = this.first;
    let high = this.rows.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.rows[middle]!.position;
      if (found === position) return middle;
      if (found < position) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}
