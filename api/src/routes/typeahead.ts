// The search picker's lists for book, stock, sharingpaper and property (document 2: searchable kinds).
// The user kind is GET /typeahead2/user in money.ts. These domains have no read models yet, so each
// answers an empty list (never 404); a domain fills its list here when it arrives.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/typeahead.ts';
import { responsesOf } from './schemas.ts';

export async function typeaheadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const call of [
    contract.bookSearchList,
    contract.stockSearchList,
    contract.sharingpaperSearchList,
    contract.propertySearchList,
  ]) {
    app.get(
      call.path,
      {
        preHandler: requireRole('user'),
        schema: {
          tags: ['typeahead'],
          summary: `Search picker list: ${call.path}`,
          response: responsesOf(call),
        },
      },
      async () => ({ status: 'ok' as const, searchlist: [] }),
    );
  }
}
