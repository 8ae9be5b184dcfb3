// Request logging: one line per answered request, written when the answer is sent, with what Fastify's
// own two lines carried together (request id, method, URL, client address, status, time taken). Fastify's
// default logs 'incoming request' and 'request completed' through its generic request and reply
// serializers, which cost about a third of a cached read's time (docs/architecture.md, Performance
// decisions). Errors, 404s and stream failures are logged as Fastify logs them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino from 'pino';

/**
 * Where the portal writes its log (stdout in production): asynchronous and buffered, written when 4 KB
 * (about 16 request lines) have gathered or a second has passed, and synchronously at exit (pino flushes
 * its destinations then, on a crash too). Writing each line as it came cost a write on the libuv pool per
 * few requests, the largest cost of a cached read after the socket write (node --cpu-prof,
 * docs/architecture.md); a `kill -9` can lose the last second of lines.
 */
export function portalLogDestination(dest: string | number) {
  return pino.destination({ dest, sync: false, minLength: 4096, periodicFlush: 1000 });
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
