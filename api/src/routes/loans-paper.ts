// Shared darkroom paper routes (api/src/contracts/loans-paper.ts; docs/loans.md): the boxes and their
// rows, a box weighed out and back in (the sheets used sold through the stock sale), set-up and fixes.
// Staff anywhere; a member at the counter kiosk may take a box out and bring it back.
import type { PaperSettings } from '@club/core/loans/paper';
import { parseGramsToMg } from '@club/core/loans/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/loans-paper.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { paperBoxesOf, paperBoxView, paperRowView } from '../views/loans.ts';
import { userFacts } from '../views/user-facts.ts';
import { borrowerOf, cleanText, isStaff, loanFail, staffOrCounter } from './loans-common.ts';
import { responsesOf } from './schemas.ts';
import { ledgerRequestOf, scopedKey } from './stock-purchase.ts';

type Weight = number | string;

/** Box weight, unit weight and weight as milligrams, or null: 'please check the data' (document 3). */
function weightsOf(input: { boxweight: Weight; unitweight: Weight; weight?: Weight }) {
  const boxWeightMg = parseGramsToMg(input.boxweight);
  const unitWeightMg = parseGramsToMg(input.unitweight);
  const weightMg = input.weight === undefined ? boxWeightMg : parseGramsToMg(input.weight);
  if (boxWeightMg === null || unitWeightMg === null || weightMg === null || weightMg < boxWeightMg)
    return null;
  return { boxWeightMg, unitWeightMg, weightMg };
}

export const paperRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const model = () => services.projections.models.loans;
  const user = requireRole('user');
  const staff = requireRole('staff');
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    user(request, reply);
    if (reply.sent) return reply;
    if (!staffOrCounter(request, reply)) return reply;
  };
  const boxOf = (pk: string) => model().paper.boxes.get(Number(pk));
  const view = (pk: number) => paperBoxView(services, model().paper.boxes.get(pk)!, services.now());

  app.get(
    contract.sharingPaperList.path,
    {
      preHandler: guard,
      schema: {
        tags: ['loans'],
        summary: 'Shared paper boxes',
        response: responsesOf(contract.sharingPaperList),
      },
    },
    async () => {
      const now = services.now();
      return {
        status: 'ok' as const,
        list: paperBoxesOf(services).map((box) => paperBoxView(services, box, now)),
      };
    },
  );

  app.get(
    contract.sharingPaperRows.path,
    {
      preHandler: guard,
      schema: {
        tags: ['loans'],
        summary: 'A box’s usage history',
        params: contract.sharingPaperRows.params,
        response: responsesOf(contract.sharingPaperRows),
      },
    },
    async (request) => {
      const box = boxOf(request.params.pk);
      if (!box) return loanFail('notfound');
      const now = services.now();
      const rows = (model().rowsByBox.get(box.pk) ?? [])
        .map((pk) => model().paperRows.get(pk)!)
        .reverse()
        .map((row) => paperRowView(services, box, row, now));
      return { status: 'ok' as const, box: paperBoxView(services, box, now), loglist: rows };
    },
  );

  app.post(
    contract.createSharingPaper.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Add a shared paper box',
        body: contract.createSharingPaper.body,
        response: responsesOf(contract.createSharingPaper),
      },
    },
    async (request) => {
      const { body } = request;
      const weights = weightsOf(body);
      if (!weights) return loanFail('invalid');
      const item = services.projections.models.stock.items.get(body.stockpk);
      if (!item || item.config.priceCents === null) return loanFail('nostock');
      const barcode = cleanText(body.barcode).toUpperCase();
      if (!/^[0-9A-Z._-]{1,64}$/.test(barcode)) return loanFail('invalid');
      const key = scopedKey('paper-box', idempotencyKey(request, body.requestId));
      const added = await services.loans.paperCommand(
        {
          type: 'AddBox',
          barcode,
          stockPk: body.stockpk,
          settings: {
            boxWeightMg: weights.boxWeightMg,
            unitWeightMg: weights.unitWeightMg,
            enabled: body.enabled ?? true,
          },
          weightMg: weights.weightMg,
          requestKey: key,
          actorPk: request.viewer!.row.pk,
        },
        ledgerRequestOf(request, services),
      );
      if (!added.ok) return loanFail(added.reason);
      await services.projections.waitFor(added.position);
      return { status: 'ok' as const, box: view(added.state.requests.get(key)!.pk) };
    },
  );

  app.get(
    contract.sharingPaperEditPage.path,
    {
      preHandler: guard,
      schema: {
        tags: ['loans'],
        summary: 'A box to weigh',
        params: contract.sharingPaperEditPage.params,
        response: responsesOf(contract.sharingPaperEditPage),
      },
    },
    async (request) => {
      const box = boxOf(request.params.pk);
      return box ? { status: 'ok' as const, box: view(box.pk) } : loanFail('notfound');
    },
  );

  app.put(
    contract.editSharingPaper.path,
    {
      preHandler: guard,
      schema: {
        tags: ['loans'],
        summary: 'Weigh a box out, or set it up (staff)',
        params: contract.editSharingPaper.params,
        body: contract.editSharingPaper.body,
        response: responsesOf(contract.editSharingPaper),
      },
    },
    async (request, reply) => {
      const { body } = request;
      const box = boxOf(request.params.pk);
      if (!box) return loanFail('notfound');
      const weights = weightsOf(body);
      if (!weights) return loanFail('invalid');
      const settings: PaperSettings = {
        boxWeightMg: weights.boxWeightMg,
        unitWeightMg: weights.unitWeightMg,
        enabled: body.enabled ?? box.enabled,
      };
      const ledgerRequest = ledgerRequestOf(request, services);
      const comment = cleanText(body.comment).slice(0, 200);
      if (body.action === 'set') {
        if (!isStaff(request)) return reply.status(403).send(loanFail('forbidden'));
        const set = await services.loans.paperCommand(
          {
            type: 'SetBox',
            boxPk: box.pk,
            settings,
            weightMg: weights.weightMg,
            comment,
            actorPk: request.viewer!.row.pk,
          },
          ledgerRequest,
        );
        if (!set.ok) return loanFail(set.reason);
        await services.projections.waitFor(set.position);
        return { status: 'ok' as const, box: view(box.pk) };
      }
      // Settings other than the weight are staff's: a member at the counter weighs with the box's own.
      if (
        !isStaff(request) &&
        (settings.boxWeightMg !== box.boxWeightMg ||
          settings.unitWeightMg !== box.unitWeightMg ||
          settings.enabled !== box.enabled)
      )
        return reply.status(403).send(loanFail('forbidden'));
      const borrower = borrowerOf(request, reply, services, body.userpk);
      if (!borrower) return reply;
      if (!borrower.ismember) return loanFail('notmember');
      const borrowed = await services.loans.paperCommand(
        {
          type: 'BorrowBox',
          boxPk: box.pk,
          userPk: borrower.row.pk,
          settings,
          weightMg: weights.weightMg,
          comment,
          requestKey: scopedKey(`paper-out-${box.pk}`, idempotencyKey(request, body.requestId)),
          actorPk: request.viewer!.row.pk,
        },
        ledgerRequest,
      );
      if (!borrowed.ok) return loanFail(borrowed.reason);
      await services.projections.waitFor(borrowed.position);
      return { status: 'ok' as const, box: view(box.pk) };
    },
  );

  app.put(
    contract.returnSharingPaper.path,
    {
      preHandler: guard,
      schema: {
        tags: ['loans'],
        summary: 'Weigh a box back in; the sheets used are sold',
        params: contract.returnSharingPaper.params,
        body: contract.returnSharingPaper.body,
        response: responsesOf(contract.returnSharingPaper),
      },
    },
    async (request) => {
      const { body } = request;
      const box = boxOf(request.params.pk);
      if (!box) return loanFail('notfound');
      const weightMg = parseGramsToMg(body.weight);
      if (weightMg === null) return loanFail('invalid');
      const open = box.outRowPk === null ? undefined : model().paper.open.get(box.outRowPk);
      // The sheets are priced like any counter sale: with the borrower's point discount.
      const buyer = open ? userFacts(services, open.userPk, services.now()) : undefined;
      const returned = await services.loans.returnPaper(
        {
          type: 'ReturnBox',
          boxPk: box.pk,
          weightMg,
          problem: body.problem ?? false,
          comment: cleanText(body.comment).slice(0, 200),
          requestKey: scopedKey(`paper-in-${box.pk}`, idempotencyKey(request, body.requestId)),
          actorPk: request.viewer!.row.pk,
          onlyUserPk: isStaff(request) ? null : request.viewer!.row.pk,
        },
        { pointsHundredths: buyer?.pointHundredths ?? 0 },
        ledgerRequestOf(request, services),
      );
      if (!returned.ok) return loanFail(returned.reason === 'notborrower' ? 'forbidden' : returned.reason);
      await services.projections.waitFor(returned.position);
      const row = model().paperRows.get(returned.rowPk)!;
      const now = services.now();
      return {
        status: 'ok' as const,
        box: view(box.pk),
        row: paperRowView(services, model().paper.boxes.get(box.pk)!, row, now),
      };
    },
  );

  app.put(
    contract.fixSharingPaper.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Mark a box’s problem fixed',
        params: contract.fixSharingPaper.params,
        body: contract.fixSharingPaper.body,
        response: responsesOf(contract.fixSharingPaper),
      },
    },
    async (request) => {
      const box = boxOf(request.params.pk);
      if (!box) return loanFail('notfound');
      const fixed = await services.loans.paperCommand(
        {
          type: 'FixBox',
          boxPk: box.pk,
          comment: cleanText(request.body.comment).slice(0, 200),
          actorPk: request.viewer!.row.pk,
        },
        ledgerRequestOf(request, services),
      );
      if (!fixed.ok) return loanFail(fixed.reason);
      await services.projections.waitFor(fixed.position);
      return { status: 'ok' as const, box: view(box.pk) };
    },
  );
};
