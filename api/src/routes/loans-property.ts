// Equipment routes (api/src/contracts/loans-property.ts; docs/loans.md): the items and their day fee,
// lend and return (deposit held, rent charged, deposit released), the histories.
import { CLUB_ACCOUNTS, clubAccountOf } from '@club/core/ledger/accounts';
import { defaultExpectedReturn, isActivityType } from '@club/core/loans/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/loans-property.ts';
import type { PortalServices } from '../services.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { loansOut, pagedRows, propertyLogView, propertyView } from '../views/loans.ts';
import { borrowerOf, cleanText, isStaff, loanFail } from './loans-common.ts';
import { responsesOf } from './schemas.ts';
import { ledgerRequestOf, scopedKey } from './stock-purchase.ts';

const DAY_MS = 86_400_000;
const MAX_LOAN_DAYS = 60;

/** A day fee: a positive whole number of NTD (document 3), as a number or a form's text. */
function dayFeeCentsOf(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : cleanText(value);
  if (!/^[1-9]\d{0,5}$/.test(text)) return null;
  return Number(text) * 100;
}

function propertyFieldsOf(
  services: PortalServices,
  input: { name: string; account?: number; dayfee: number | string },
  previousAccount?: number,
) {
  const dayFeeCents = dayFeeCentsOf(input.dayfee);
  if (dayFeeCents === null) return { ok: false as const, reason: 'dayfee' };
  const name = cleanText(input.name);
  if (name === '' || name.length > 100) return { ok: false as const, reason: 'invalid', fields: ['name'] };
  const accountPk = input.account ?? previousAccount ?? Number(CLUB_ACCOUNTS.equipmentRent.id);
  if (!clubAccountOf(String(accountPk)) && !services.projections.models.users.byPk.has(accountPk))
    return { ok: false as const, reason: 'noaccount' };
  return { ok: true as const, property: { name, accountPk, dayFeeCents } };
}

export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const model = () => services.projections.models.loans;
  const user = requireRole('user');
  const staff = requireRole('staff');
  const list = () => {
    const now = services.now();
    return [...model().equipment.properties.keys()].flatMap((pk) => {
      const view = propertyView(services, pk, now);
      return view ? [view] : [];
    });
  };

  app.get(
    contract.propertyList.path,
    {
      preHandler: user,
      schema: {
        tags: ['loans'],
        summary: 'Equipment and rental items',
        response: responsesOf(contract.propertyList),
      },
    },
    async () => ({ status: 'ok' as const, propertylist: list() }),
  );

  app.get(
    contract.getProperty.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'One item',
        params: contract.getProperty.params,
        response: responsesOf(contract.getProperty),
      },
    },
    async (request) => {
      const property = propertyView(services, Number(request.params.id), services.now());
      return property ? { status: 'ok' as const, property } : loanFail('notfound');
    },
  );

  app.post(
    contract.createProperty.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Add an item',
        body: contract.createProperty.body,
        response: responsesOf(contract.createProperty),
      },
    },
    async (request) => {
      const fields = propertyFieldsOf(services, request.body);
      if (!fields.ok) return loanFail(fields.reason, fields.fields ? { fields: fields.fields } : {});
      const key = scopedKey('property', idempotencyKey(request, request.body.requestId));
      const added = await services.loans.addProperty(
        fields.property,
        key,
        ledgerRequestOf(request, services),
      );
      if (!added.ok) return loanFail(added.reason);
      await services.projections.waitFor(added.position);
      const property = propertyView(services, added.state.requests.get(key)!.pk, services.now());
      if (!property) throw new Error(`item ${key} missing after its creation`);
      return { status: 'ok' as const, property };
    },
  );

  app.put(
    contract.editProperties.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Save edited items',
        body: contract.editProperties.body,
        response: responsesOf(contract.editProperties),
      },
    },
    async (request) => {
      const edits = [];
      for (const entry of request.body.propertylist) {
        const previous = model().equipment.properties.get(entry.pk);
        if (!previous) return loanFail('notfound', { pk: entry.pk });
        const fields = propertyFieldsOf(services, entry, previous.accountPk);
        if (!fields.ok)
          return loanFail(fields.reason, {
            pk: entry.pk,
            ...(fields.fields ? { fields: fields.fields } : {}),
          });
        edits.push({ propertyPk: entry.pk, property: fields.property });
      }
      const edited = await services.loans.equipmentCommand(
        { type: 'EditProperties', edits, actorPk: request.viewer!.row.pk },
        ledgerRequestOf(request, services),
      );
      if (!edited.ok) return loanFail(edited.reason, edited.detail ?? {});
      await services.projections.waitFor(edited.position);
      return { status: 'ok' as const, propertylist: list() };
    },
  );

  app.post(
    contract.lendProperty.path,
    {
      preHandler: user,
      schema: {
        tags: ['loans'],
        summary: 'Lend an item (deposit held)',
        body: contract.lendProperty.body,
        response: responsesOf(contract.lendProperty),
      },
    },
    async (request, reply) => {
      const { body } = request;
      const borrower = borrowerOf(request, reply, services, body.userpk);
      if (!borrower) return reply;
      const activityType = body.activitytype;
      if (!isActivityType(activityType)) return loanFail('activitytype');
      // Official activity is staff work: the borrower must be active staff.
      if (activityType === 5 && !(borrower.isstaff && borrower.ismember)) return loanFail('activitytype');
      if (!borrower.ismember) return loanFail('notmember');
      if (!model().equipment.properties.has(body.propertypk)) return loanFail('notfound');
      const now = services.now();
      let expReturnAt = defaultExpectedReturn(activityType, now);
      if (body.expreturntime !== undefined) {
        const parsed = Date.parse(body.expreturntime);
        if (
          !Number.isFinite(parsed) ||
          parsed <= now.getTime() ||
          parsed > now.getTime() + MAX_LOAN_DAYS * DAY_MS
        )
          return loanFail('expreturntime');
        expReturnAt = new Date(parsed);
      }
      const key = scopedKey(`lend-${borrower.row.pk}`, idempotencyKey(request, body.requestId));
      const lent = await services.loans.lend(
        {
          propertyPk: body.propertypk,
          userPk: borrower.row.pk,
          activityType,
          expReturnAt,
          comment: cleanText(body.comment).slice(0, 200),
          requestKey: key,
          allowDebt: borrower.authlist.includes('allowdebt'),
        },
        ledgerRequestOf(request, services),
      );
      if (!lent.ok) return loanFail(lent.reason === 'pending' ? 'out' : lent.reason);
      await services.projections.waitFor(lent.position);
      const loan = model().equipment.loans.get(lent.loan.loanPk)!;
      return { status: 'ok' as const, log: propertyLogView(services, loan, services.now()) };
    },
  );

  app.post(
    contract.returnProperty.path,
    {
      preHandler: user,
      schema: {
        tags: ['loans'],
        summary: 'Return an item (rent charged, deposit released)',
        body: contract.returnProperty.body,
        response: responsesOf(contract.returnProperty),
      },
    },
    async (request, reply) => {
      const borrower = borrowerOf(request, reply, services, undefined);
      if (!borrower) return reply;
      const key = scopedKey('property-return', idempotencyKey(request, request.body.requestId));
      const returned = await services.loans.returnProperty(
        {
          propertyPk: request.body.propertypk,
          requestKey: key,
          onlyUserPk: isStaff(request) ? null : borrower.row.pk,
          allowDebt: borrower.authlist.includes('allowdebt'),
        },
        ledgerRequestOf(request, services),
      );
      if (!returned.ok) return loanFail(returned.reason === 'notborrower' ? 'forbidden' : returned.reason);
      await services.projections.waitFor(returned.position);
      const loan = model().equipment.loans.get(returned.loan.loanPk)!;
      return { status: 'ok' as const, log: propertyLogView(services, loan, services.now()) };
    },
  );

  app.get(
    contract.userPropertyHistory.path,
    {
      preHandler: user,
      schema: {
        tags: ['loans'],
        summary: 'My equipment loans',
        params: contract.userPropertyHistory.params,
        response: responsesOf(contract.userPropertyHistory),
      },
    },
    async (request) => {
      const now = services.now();
      const mine = [...model().equipment.loans.values()]
        .filter((loan) => loan.userPk === request.viewer!.row.pk && loan.status !== 'cancelled')
        .reverse();
      const { rows, pager } = pagedRows(mine, Number(request.params.page));
      return {
        status: 'ok' as const,
        loglist: rows.map((loan) => propertyLogView(services, loan, now)),
        pager,
      };
    },
  );

  app.get(
    contract.adminPropertyHistory.path,
    {
      preHandler: staff,
      schema: {
        tags: ['loans'],
        summary: 'Every equipment loan, or the items out now',
        params: contract.adminPropertyHistory.params,
        response: responsesOf(contract.adminPropertyHistory),
      },
    },
    async (request) => {
      const now = services.now();
      const loans =
        request.params.filter === 'lendout'
          ? loansOut(services)
          : [...model().equipment.loans.values()].filter((loan) => loan.status !== 'cancelled').reverse();
      const { rows, pager } = pagedRows(loans, Number(request.params.page));
      return {
        status: 'ok' as const,
        loglist: rows.map((loan) => propertyLogView(services, loan, now)),
        pager,
      };
    },
  );
};
