// The search picker's lists for book, stock, sharingpaper and property (document 2: searchable kinds).
// The user kind is GET /typeahead2/user in money.ts. Stock answers from its read model; the other domains
// have none yet, so each answers an empty list (never 404); a domain fills its list here when it arrives.
import { stockPkStr } from '@club/core/stock/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/typeahead.ts';
import { responsesOf } from './schemas.ts';

export async function typeaheadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The stock kind (document 2): every item with its barcodes; the client matches and ranks (a barcode
  // match needs at least 4 characters typed: web/src/shared/search-picker/kinds.ts).
  app.get(
    contract.stockSearchList.path,
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['typeahead'],
        summary: `Search picker list: ${contract.stockSearchList.path}`,
        response: responsesOf(contract.stockSearchList),
      },
    },
    async () => ({
      status: 'ok' as const,
      searchlist: [...app.services.projections.models.stock.items.values()].map((item) => ({
        pk: item.pk,
        barcodelist: item.config.barcodes,
        name: item.config.name,
        pkstr: stockPkStr(item.pk),
        prefix: item.config.prefix,
      })),
    }),
  );
  for (const call of [
    contract.bookSearchList,
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
