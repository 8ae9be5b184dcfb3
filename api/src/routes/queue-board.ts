// The queues for staff with the system authority (issue 12, section 1): Bull Board at /api/admin/queues,
// read-only. It is a page, not a contract call (its routes are hidden from the OpenAPI document, as
// /api/docs is). Read-only because its buttons send PUT and DELETE without the Scope header, which the
// CSRF guard rightly refuses; retrying or cleaning jobs stays an operator's task (docs/architecture.md).
//
// The board (Bull Board and its views, about 60 modules) is built at its first request, in an app of its
// own that this one hands the board's requests to once they passed the portal's hooks (security headers,
// session, CSRF, the system authority): a start of the portal does not load it.
import type { DeviceLink } from '@club/workers/device-link';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { requireStaffWith } from '../auth/guards.ts';

export const QUEUE_BOARD_PATH = '/admin/queues';
const BOARD_BASE = `/api${QUEUE_BOARD_PATH}`;

/** Headers of the board's answer that the portal's reply sets itself. */
const NOT_FORWARDED = new Set(['content-length', 'connection', 'transfer-encoding', 'date', 'keep-alive']);

/**
 * The board's own app, answering under /api/admin/queues. The queues share the device link's fast-failing
 * connection, so a Redis outage makes the board's calls fail quickly instead of hanging the page.
 */
async function buildBoard(link: DeviceLink): Promise<FastifyInstance> {
  const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }, { Queue }, commands, { queueNames }] =
    await Promise.all([
      import('@bull-board/api'),
      import('@bull-board/api/bullMQAdapter'),
      import('@bull-board/fastify'),
      import('bullmq'),
      import('@club/workers/device-commands'),
      import('@club/workers/queues'),
    ]);
  const queues = [...queueNames, ...commands.deviceNames.map(commands.deviceQueueName)].map(
    (name) => new Queue(name, { connection: link.connection, prefix: link.prefix }),
  );
  for (const queue of queues) queue.on('error', () => undefined);
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BOARD_BASE);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Club queues' } },
  });
  const board = Fastify({ logger: false });
  board.addHook('onClose', async () => {
    // Bounded: a queue whose connection never became ready (Redis down) never finishes closing, and the
    // shared connection is the device link's to drop.
    await Promise.all(
      queues.map((queue) =>
        Promise.race([queue.close(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]),
      ),
    );
  });
  await board.register(serverAdapter.registerPlugin(), { prefix: BOARD_BASE });
  await board.ready();
  return board;
}

/** Mounts the board under the /api prefix of `api`. */
export async function registerQueueBoard(api: FastifyInstance, link: DeviceLink): Promise<void> {
  let board: Promise<FastifyInstance> | undefined;
  const boardApp = () => {
    board ??= buildBoard(link).catch((error: unknown) => {
      board = undefined;
      throw error;
    });
    return board;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (await boardApp()).inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body as string | object }),
    });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    return reply.send(answer.rawPayload);
  };
  await api.register(async (scope) => {
    // Every page, asset and call of the board: staff who are members and hold the system authority.
    scope.addHook('onRequest', requireStaffWith('system'));
    scope.addHook('onClose', async () => {
      if (board) await (await board.catch(() => undefined))?.close();
    });
    for (const url of [QUEUE_BOARD_PATH, `${QUEUE_BOARD_PATH}/*`])
      scope.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url,
        schema: { hide: true },
        handler: forward,
      });
  });
}
