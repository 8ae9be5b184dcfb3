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
 * A row as a subscription delivers it, its columns parsed once per row. Four subscribers follow the log
 * in the portal and take the rows this process just committed from the same tail, so an event's data is
 * parsed once, not four times. Like the read models of one runner, which have always shared each event,
 * subscribers must not change an event's data. The event is a plain object holding only the parsed
 * values: a read model that keeps an event keeps neither the row nor its JSON text (lazily parsing
 * getters did, and a cold start on the big log ended with 1,460 MiB resident instead of 766). Rows read
 * from the file (a catch-up) are each subscriber's own and go through `toRecorded`.
 */
export const toDelivered = (row: DeliveredRow): RecordedEvent => {
  if (row.parsedData === undefined) row.parsedData = JSON.parse(row.data) as unknown;
  if (row.parsedMetadata === undefined) row.parsedMetadata = JSON.parse(row.metadata) as EventMetadata;
  return {
    id: row.id,
    type: row.type,
    data: row.parsedData,
    metadata: row.parsedMetadata,
    stream: row.stream,
    revision: row.revision,
    position: row.position,
  };
};
