// Liveness of the API: the store, Redis and how far the read models are.
import { z } from 'zod';
import { endpoint, okSchema } from './shared.ts';

export const health = endpoint({
  method: 'GET',
  path: '/health',
  ok: okSchema.extend({
    store: z.enum(['sqlite', 'eventstoredb']),
    redis: z.enum(['up', 'down']),
    position: z.number(),
  }),
});
