import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '../contracts/health.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the store, Redis and how far the read models are',
        response: { 200: contract.health.ok },
      },
    },
    async () => {
      const { store, queues, projections } = app.services;
      return {
        status: 'ok' as const,
        store: store.kind,
        redis: queues ? await queues.health() : ('down' as const),
        position: projections.position,
      };
    },
  );
};
