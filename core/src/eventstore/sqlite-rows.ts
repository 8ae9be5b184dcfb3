// The events table's rows and the events the adapter makes of them.
import type { EventMetadata, RecordedEvent } from './port.ts';

export interface EventRow {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: string;
  metadata: string;
}

export const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.id,
  type: row.type,
  data: JSON.parse(row.data) as unknown,
  metadata: JSON.parse(row.metadata) as EventMetadata,
  stream: row.stream,
  revision: row.revision,
  position: row.position,
});

/** A row read by a subscription, which may hold its parsed columns (rows of the tail are shared). */
export interface DeliveredRow extends EventRow {
  parsedData?: unknown;
  parsedMetadata?: EventMetadata;
}

/**
 * A row as a subscription delivers it: `data` and `metadata` are parsed at their first read, once per
 * row. Four subscribers follow the log in the portal and take the rows this process just committed from
 * the same tail, so an event's data is parsed once, not four times, and not at all by a process manager
 * that looks at the type alone. Like the read models of one runner, which have always shared each
 * event, subscribers must not change an event's data.
 */
export const toDelivered = (row: DeliveredRow): RecordedEvent => ({
  id: row.id,
  type: row.type,
  get data() {
    if (row.parsedData === undefined) row.parsedData = JSON.parse(row.data) as unknown;
    return row.parsedData;
  },
  get metadata() {
    if (row.parsedMetadata === undefined) row.parsedMetadata = JSON.parse(row.metadata) as EventMetadata;
    return row.parsedMetadata;
  },
  stream: row.stream,
  revision: row.revision,
  position: row.position,
});
