// Request logging: one line per answered request, written when the answer is sent, with what Fastify's
// own two lines carried together (request id, method, URL, client address, status, time taken). Fastify's
// default logs 'incoming request' and 'request completed' through its generic request and reply
// serializers, which cost about a third of a cached read's time (docs/architecture.md, Performance
// decisions). Errors, 404s and stream failures are logged as Fastify logs them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

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
