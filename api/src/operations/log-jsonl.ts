// The whole log as JSON lines, one event a line in position order, for moving a portal between stores
// (the embedded SQLite file and EventStoreDB) and for reading the log with other tools. Each line holds
// what the port exposes: position, stream, revision, id, type, data, metadata (metadata.time is when the
// event was decided). Import appends every event to its stream with its revision as the expected one, so
// the stream revisions are kept exactly and the global order is the file's order; positions are the new
// store's own (EventStoreDB's are sparse), which is why nothing may compute with them.
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { EventStore, NewEvent, RecordedEvent } from '@club/core/eventstore/port';

export const EXPORT_FILE = 'events.jsonl';
const PAGE_SIZE = 1000;

export interface ExportedEvent {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

/** Writes the whole log to `<dir>/events.jsonl`; returns the file, the count and the head position. */
export async function exportLog(
  store: EventStore,
  directory: string,
): Promise<{ file: string; events: number; headPosition: number }> {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = join(directory, EXPORT_FILE);
  const out = createWriteStream(file, { mode: 0o600 });
  let events = 0;
  let headPosition = 0;
  let after = 0;
  for (;;) {
    const page = await store.readAll({ afterPosition: after, maxCount: PAGE_SIZE });
    for (const event of page) {
      const line: ExportedEvent = {
        position: event.position,
        stream: event.stream,
        revision: event.revision,
        id: event.id,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      };
      if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
      events += 1;
      headPosition = event.position;
    }
    if (page.length < PAGE_SIZE) break;
    after = page[page.length - 1]!.position;
  }
  out.end();
  await once(out, 'finish');
  return { file, events, headPosition };
}

/** The store already holds events: an import would mix two logs. */
export class ImportRefusedError extends Error {}

function parseLine(text: string, lineNo: number): ExportedEvent {
  let value: Partial<ExportedEvent>;
  try {
    value = JSON.parse(text) as Partial<ExportedEvent>;
  } catch {
    throw new ImportRefusedError(`line ${lineNo} is not JSON`);
  }
  if (
    typeof value.stream !== 'string' ||
    typeof value.revision !== 'number' ||
    typeof value.id !== 'string' ||
    typeof value.type !== 'string' ||
    typeof value.metadata !== 'object' ||
    value.metadata === null
  )
    throw new ImportRefusedError(
      `line ${lineNo} is not an exported event (stream, revision, id, type, metadata)`,
    );
  return value as ExportedEvent;
}

/**
 * Loads an export into an empty store, in the file's order. On SQLite, appends are sent a chunk at a time
 * without waiting for each (they commit in the order sent, group-committed); EventStoreDB gets them one by
 * one, since concurrent appends there could land in another order.
 */
export async function importLog(store: EventStore, file: string): Promise<{ events: number }> {
  if ((await store.headPosition()) !== 0)
    throw new ImportRefusedError('the event store is not empty: import only into a new, empty store');
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  const chunkSize = store.kind === 'sqlite' ? 500 : 1;
  let pending: Promise<unknown>[] = [];
  let events = 0;
  let lineNo = 0;
  const expectedRevision = new Map<string, number>();
  for await (const text of lines) {
    lineNo += 1;
    if (text.trim() === '') continue;
    const event = parseLine(text, lineNo);
    // Revisions must follow on in each stream, or the store would number them differently.
    const next = (expectedRevision.get(event.stream) ?? -1) + 1;
    if (event.revision !== next)
      throw new ImportRefusedError(
        `line ${lineNo}: ${event.stream} revision ${event.revision} does not follow ${next - 1}`,
      );
    expectedRevision.set(event.stream, next);
    const newEvent: NewEvent = { id: event.id, type: event.type, data: event.data, metadata: event.metadata };
    pending.push(store.append(event.stream, [newEvent], next === 0 ? 'no_stream' : next - 1));
    events += 1;
    if (pending.length >= chunkSize) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return { events };
}
