// One error handler: bad input is a 400 naming the failing fields, business refusals never reach here,
// and a 5xx is logged with its request and answered without internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = [
        ...new Set(
          error.validation.map((issue) => {
            const path = issue.instancePath.replace(/^\//, '').split('/')[0];
            const missing = (issue.params as { issue?: { path?: unknown[] } }).issue?.path?.[0];
            return path || (typeof missing === 'string' ? missing : issue.schemaPath || 'body');
          }),
        ),
      ];
      return reply.status(400).send({ status: 'fail', reason: 'badrequest', fields });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500) {
      request.log.info({ err: error }, 'request refused');
      const reason =
        statusCode === 401
          ? 'login'
          : statusCode === 403
            ? 'forbidden'
            : statusCode === 404
              ? 'notfound'
              : 'badrequest';
      return reply.status(statusCode).send({ status: 'fail', reason });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ status: 'fail', reason: 'unknown' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: 'fail', reason: 'notfound', path: request.url.split('?')[0] });
  });
}
