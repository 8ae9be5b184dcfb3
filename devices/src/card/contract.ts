// The card reader's contract with the portal: each card held to a reader becomes one job on the
// `card-read` queue. The API process consumes the queue (it alone writes events) and hands the read to
// the kiosk browser bound to that reader.
import { z } from 'zod';

export const CARD_READ_QUEUE = 'card-read';

/** A reader's name: what staff type when they bind a kiosk browser to it (e.g. 'counter'). */
export const readerNameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

export const cardReadSchema = z.object({
  reader: readerNameSchema,
  /** The 10-digit card id (document 3, shared patterns). */
  cardid: z.string().regex(/^\d{10}$/),
  /** When the card was read (ISO instant); the portal ignores reads older than a few seconds. */
  at: z.iso.datetime(),
});
export type CardRead = z.infer<typeof cardReadSchema>;

/** The job id of a read: one job per reader, card and moment, so a re-sent read is not read twice. */
export const cardReadJobId = (read: CardRead) => `${read.reader}-${read.cardid}-${Date.parse(read.at)}`;
