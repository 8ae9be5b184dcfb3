// A card reader: it reports the ids of the cards held to it. The real reader (a USB keyboard-wedge
// reader at the counter) and the simulator both implement this.
export interface CardReaderDriver {
  /** Calls `listener` with each card id read, in order. */
  onRead(listener: (cardid: string) => void): void;
  /** A short description for the heartbeat, e.g. 'simulator'. */
  readonly description: string;
  close(): Promise<void>;
}
