// Where the ledger process manager may resume scanning at the next start: the checkpoint its start-up
// settlement returned (everything up to it is settled), kept in the data folder with the id of the log's
// first event, so that a start on a long log scans only what came after the previous start instead of
// the whole history. Positions are opaque (EventStoreDB's are not consecutive), so the file is checked
// against the log without arithmetic on them: the same log (its first event) that has reached the position. Follow-ups that fail while the portal runs "wait for the next start": they come after
// this checkpoint, so the next start still finds them. Only a cache: without the file the scan is from zero.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { EventStore } from '@club/core/eventstore/port';

interface StoredCheckpoint {
  position: number;
  /** The id of the log's first event: another log (a restored or replaced data folder) is not trusted. */
  firstEventId: string;
}

const firstEventIdOf = async (store: EventStore): Promise<string | undefined> =>
  (await store.readAll({ maxCount: 1 }))[0]?.id;

/** The stored checkpoint if it belongs to this log and the log has reached it; 0 otherwise. */
export async function readSettledCheckpoint(store: EventStore, file: string): Promise<number> {
  let stored: StoredCheckpoint;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredCheckpoint;
  } catch {
    return 0;
  }
  if (!Number.isInteger(stored.position) || stored.position <= 0 || typeof stored.firstEventId !== 'string')
    return 0;
  const sameLog = (await firstEventIdOf(store)) === stored.firstEventId;
  return sameLog && (await store.headPosition()) >= stored.position ? stored.position : 0;
}

export async function writeSettledCheckpoint(
  store: EventStore,
  file: string,
  position: number,
): Promise<void> {
  const firstEventId = await firstEventIdOf(store);
  if (position <= 0 || firstEventId === undefined) return;
  const partial = `${file}.${process.pid}.partial`;
  try {
    writeFileSync(partial, JSON.stringify({ position, firstEventId } satisfies StoredCheckpoint));
    renameSync(partial, file);
  } catch (error) {
    // Only a cache: without it the next start scans from zero. Never a reason not to start.
    console.error(`settled checkpoint ${file} could not be written`, error);
  }
}
