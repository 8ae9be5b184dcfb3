// The card reader simulator: emits card ids on demand, from a tiny loopback HTTP control port
// (`POST /read` with `{"cardid":"0123456789"}`, used by the tests) and, in demo mode, on a timer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CardReaderDriver } from './driver.ts';

const CARD_ID = /^\d{10}$/;

export class CardReaderSimulator implements CardReaderDriver {
  readonly description = 'simulator';
  private readonly listeners: ((cardid: string) => void)[] = [];
  private server: Server | undefined;
  private timer: NodeJS.Timeout | undefined;

  onRead(listener: (cardid: string) => void): void {
    this.listeners.push(listener);
  }

  /** Simulates a card held to the reader. */
  emit(cardid: string): void {
    if (!CARD_ID.test(cardid)) throw new Error(`a card id has 10 digits, not ${JSON.stringify(cardid)}`);
    for (const listener of this.listeners) listener(cardid);
  }

  /** Demo mode: reads the given cards in turn, one every `everyMs`. */
  emitEvery(cardids: readonly string[], everyMs: number): void {
    let next = 0;
    this.timer = setInterval(() => {
      if (cardids.length === 0) return;
      this.emit(cardids[next % cardids.length]!);
      next += 1;
    }, everyMs);
    this.timer.unref();
  }

  /** Listens on 127.0.0.1 (port 0: any free port); answers the control URL. */
  async listen(port = 0): Promise<string> {
    const server = createServer((request, response) => {
      if (request.method !== 'POST' || request.url !== '/read') {
        response.writeHead(404).end();
        return;
      }
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        try {
          this.emit(String((JSON.parse(body) as { cardid?: unknown }).cardid ?? ''));
          response.writeHead(204).end();
        } catch (error) {
          response.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message);
        }
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
