// Where the ledger process manager may resume scanning at the next start: the checkpoint its start-up
// settlement returned (everything up to it is settled), kept in the data folder with the id of the event
// at that position, so that a start on a long log scans only what came after the previous start instead of
// the whole history. Follow-ups that fail while the portal runs "wait for the next start": they come after
// this checkpoint, so the next start still finds them. Only a cache: without the file the scan is from zero.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { EventStore } from '@club/core/eventstore/port';

interface StoredCheckpoint {
  position: number;
  eventId: string;
}

/** The stored checkpoint if the event at its position is still the one it names; 0 otherwise. */
export async function readSettledCheckpoint(store: EventStore, file: string): Promise<number> {
  let stored: StoredCheckpoint;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredCheckpoint;
  } catch {
    return 0;
  }
  if (!Number.isInteger(stored.position) || stored.position <= 0 || typeof stored.eventId !== 'string')
    return 0;
  const [event] = await store.readAll({ afterPosition: stored.position - 1, maxCount: 1 });
  return event && event.position === stored.position && event.id === stored.eventId ? stored.position : 0;
}

export async function writeSettledCheckpoint(
  store: EventStore,
  file: string,
  position: number,
): Promise<void> {
  if (position <= 0) return;
  const [event] = await store.readAll({ afterPosition: position - 1, maxCount: 1 });
  if (!event || event.position !== position) return;
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify({ position, eventId: event.id } satisfies StoredCheckpoint));
  renameSync(partial, file);
}
