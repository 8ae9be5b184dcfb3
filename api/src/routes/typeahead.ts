// The search picker's lists for book, stock, sharingpaper and property (document 2: searchable kinds).
// The user kind is GET /typeahead2/user in money.ts. Stock, book, sharingpaper and property answer from
// their read models.
import { stockPkStr } from '@club/core/stock/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/typeahead.ts';
import { propertyPkstr } from '../views/loans.ts';
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
  // The loans kinds (docs/loans.md): books, paper boxes (named by their stock item) and equipment.
  const loans = () => app.services.projections.models.loans;
  const listRoute = <Row>(
    call:
      | typeof contract.bookSearchList
      | typeof contract.sharingpaperSearchList
      | typeof contract.propertySearchList,
    rows: () => Row[],
  ) =>
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
      async () => ({ status: 'ok' as const, searchlist: rows() as never[] }),
    );
  listRoute(contract.bookSearchList, () =>
    [...loans().library.books.values()].map((book) => ({
      pk: book.pk,
      barcode: book.barcode,
      isbn: book.isbn,
      title: book.title,
      author: book.author,
      publisher: book.publisher,
    })),
  );
  listRoute(contract.sharingpaperSearchList, () =>
    [...loans().paper.boxes.values()].map((box) => ({
      pk: box.pk,
      barcode: box.barcode,
      stock: { name: app.services.projections.models.stock.items.get(box.stockPk)?.config.name ?? '' },
    })),
  );
  listRoute(contract.propertySearchList, () =>
    [...loans().equipment.properties.values()].map((item) => ({
      pk: item.pk,
      pkstr: propertyPkstr(item.pk),
      name: item.name,
    })),
  );
}
