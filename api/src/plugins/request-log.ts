// Request logging: one line per answered request, written when the answer is sent, with what Fastify's
// own two lines carried together (request id, method, URL, client address, status, time taken). Fastify's
// default logs 'incoming request' and 'request completed' through its generic request and reply
// serializers, which cost about a third of a cached read's time (docs/performance.md). Errors, 404s and
// stream failures are logged as Fastify logs them.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';

/**
 * Where the portal writes its log (stdout in production): asynchronous and buffered, written when 4 KB
 * (about 16 request lines) have gathered or a second has passed, and synchronously at exit (pino flushes
 * its destinations then, on a crash too). Writing each line as it came cost a write on the libuv pool per
 * few requests, the largest cost of a cached read after the socket write (node --cpu-prof,
 * docs/performance.md); a `kill -9` can lose the last second of lines.
 *
 * The lines are gathered here and handed to pino's destination (sonic-boom) 4 KB at a time: sonic-boom
 * appends each line to its pending text and measures that text's UTF-8 length again at every line, which
 * made V8 flatten (copy) the whole pending text, up to 16 KB, once per request line. Its flush, flushSync
 * and end (the periodic flush, pino's flush at exit) hand the gathered lines over first.
 */
export function portalLogDestination(dest: string | number) {
  const destination = pino.destination({ dest, sync: false, minLength: GATHER_CHARS, periodicFlush: 1000 });
  const write = destination.write.bind(destination);
  const flush = destination.flush.bind(destination);
  const flushSync = destination.flushSync.bind(destination);
  const end = destination.end.bind(destination);
  let gathered: string[] = [];
  let gatheredChars = 0;
  const handOver = (): boolean => {
    if (gathered.length === 0) return true;
    const text = gathered.join('');
    gathered = [];
    gatheredChars = 0;
    return write(text);
  };
  destination.write = (line: string): boolean => {
    gathered.push(line);
    gatheredChars += line.length;
    return gatheredChars >= GATHER_CHARS ? handOver() : true;
  };
  destination.flush = (callback?: (error?: Error) => void) => {
    handOver();
    flush(callback);
  };
  destination.flushSync = () => {
    handOver();
    flushSync();
  };
  destination.end = () => {
    handOver();
    end();
  };
  return destination;
}

/** How much text is gathered before it goes to the destination, and the destination's minimum write. */
const GATHER_CHARS = 4096;

/**
 * Fastify's `childLoggerFactory`: the request's logger (`request.log`, bound to its reqId), made as
 * Fastify's default makes it, except that pino gets no options object when the route sets none. Fastify
 * passes an empty one, and pino's `child` then takes its slow path and rebuilds the formatters for every
 * request (1.7-1.8% of a profile of the cached reads under load).
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  for (const _set in options) return logger.child(bindings, options);
  return logger.child(bindings);
}

export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      {
        method: request.method,
        url: request.url,
        remoteAddress: request.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}
