// The queues for staff with the system authority (issue 12, section 1): Bull Board at /api/admin/queues,
// read-only. It is a page, not a contract call (its routes are hidden from the OpenAPI document, as
// /api/docs is). Read-only because its buttons send PUT and DELETE without the Scope header, which the
// CSRF guard rightly refuses; retrying or cleaning jobs stays an operator's task (docs/architecture.md).
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { deviceNames, deviceQueueName } from '@club/workers/device-commands';
import type { DeviceLink } from '@club/workers/device-link';
import { queueNames } from '@club/workers/queues';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { requireStaffWith } from '../auth/guards.ts';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * Mounts the board under the /api prefix of `api`. The queues share the device link's fast-failing
 * connection, so a Redis outage makes the board's calls fail quickly instead of hanging the page.
 */
export async function registerQueueBoard(api: FastifyInstance, link: DeviceLink): Promise<void> {
  const queues = [...queueNames, ...deviceNames.map(deviceQueueName)].map(
    (name) => new Queue(name, { connection: link.connection, prefix: link.prefix }),
  );
  for (const queue of queues) queue.on('error', () => undefined);
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(`/api${QUEUE_BOARD_PATH}`);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Club queues' } },
  });
  await api.register(async (board) => {
    // Every page, asset and call of the board: staff who are members and hold the system authority.
    board.addHook('onRequest', requireStaffWith('system'));
    board.addHook('onClose', async () => {
      // Bounded: a queue whose connection never became ready (Redis down) never finishes closing, and the
      // shared connection is the device link's to drop.
      await Promise.all(
        queues.map((queue) =>
          Promise.race([queue.close(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]),
        ),
      );
    });
    await board.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
  });
}
