// Sign-in sheets and attendance (document 2: SignIn; document 3: AdminSignIn, AdminSignInWorkshopResult).
// docs/signin-vote.md: the default open period, the default code, what 'expired' covers, the deduction.
import { randomInt } from 'node:crypto';
import { isSheetOpen } from '@club/core/signin/decider';
import type { WorkshopKind } from '@club/core/access/events';
import { attendanceTable } from '@club/core/signin/rules';
import type { SignInModel, SignInSheetRow } from '@club/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/signin.ts';
import type { PortalServices } from '../services.ts';
import { personRef } from '../views/ledger-rows.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import { responsesOf } from './schemas.ts';

/** Past sign-ins listed on the member page. */
export const MY_SIGNINS_ROWS = 50;

const sheetView = (sheet: SignInSheetRow, now: Date) => ({
  pk: sheet.pk,
  timestamp: sheet.timestamp,
  title: sheet.title,
  code: sheet.code,
  signinlog_count: sheet.log.length,
  opensAt: sheet.opensAt,
  closesAt: sheet.closesAt,
  workshop: sheet.workshop,
  open: isSheetOpen(sheet, now),
});

/** The member page: open sheets not yet signed (waitlist) and the member's past sign-ins, newest first. */
function memberPage(model: SignInModel, userPk: number, now: Date) {
  const mine = model.byUser.get(userPk) ?? [];
  const signedPks = new Set(mine.map((row) => row.sheetPk));
  return {
    status: 'ok' as const,
    loglist: mine
      .slice(-MY_SIGNINS_ROWS)
      .reverse()
      .map((row) => ({
        timestamp: row.timestamp,
        signin: { pk: row.sheetPk, title: model.byPk.get(row.sheetPk)?.title ?? '' },
      })),
    waitlist: model.sheets
      .filter((sheet) => isSheetOpen(sheet, now) && !signedPks.has(sheet.pk))
      .map((sheet) => ({
        pk: sheet.pk,
        title: sheet.title,
        timestamp: sheet.timestamp,
        codeneeded: sheet.code !== '',
        closesAt: sheet.closesAt,
      })),
  };
}

const workshopKey = (semester: string, kind: number) => `${semester}:${kind}`;

function workshopSheets(model: SignInModel, semester: string, kind: number): SignInSheetRow[] {
  return model.sheets.filter(
    (sheet) => sheet.workshop?.semester === semester && sheet.workshop.kind === kind,
  );
}

function rosterPks(services: PortalServices, semester: string, kind: number): number[] {
  const roster = services.projections.models.access.workshopsBySemester.get(semester);
  if (!roster) return [];
  return [...roster.entries.values()].filter((entry) => entry.kind === kind).map((entry) => entry.userPk);
}

export const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const models = () => services.projections.models;

  app.get(
    '/signin',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['signin'],
        summary: 'Open sheets and my sign-ins',
        response: responsesOf(contract.signInPage),
      },
    },
    async (request) => memberPage(models().signIn, request.viewer!.row.pk, services.now()),
  );

  app.post(
    '/signin',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['signin'],
        summary: 'Sign in on a sheet',
        body: contract.signIn.body,
        response: responsesOf(contract.signIn),
      },
    },
    async (request) => {
      const userPk = request.viewer!.row.pk;
      const sheet = models().signIn.byPk.get(Number(request.body.signin));
      if (!sheet) return { status: 'fail' as const, reason: 'notfound' };
      const answer = await services.signIns.signIn(
        sheet,
        userPk,
        request.body.code ?? '',
        commandContext(request),
      );
      if (!answer.ok) return { status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      return memberPage(models().signIn, userPk, services.now());
    },
  );

  app.get(
    '/admin/signin',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['signin'],
        summary: 'Sign-in sheets',
        response: responsesOf(contract.adminSignInList),
      },
    },
    async () => {
      const now = services.now();
      return {
        status: 'ok' as const,
        loglist: [...models().signIn.sheets].reverse().map((sheet) => sheetView(sheet, now)),
        signin: null,
      };
    },
  );

  app.get(
    '/admin/signin/:pk',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['signin'],
        summary: 'One sheet and its log',
        params: contract.adminSignInSheet.params,
        response: responsesOf(contract.adminSignInSheet),
      },
    },
    async (request) => {
      const sheet = models().signIn.byPk.get(Number(request.params.pk));
      if (!sheet) return { status: 'fail' as const, reason: 'notfound' };
      const users = models().users;
      return {
        status: 'ok' as const,
        signin: sheetView(sheet, services.now()),
        loglist: sheet.log.map((row) => ({
          pk: row.pk,
          timestamp: row.timestamp,
          user: personRef(users, row.userPk),
        })),
      };
    },
  );

  app.post(
    '/admin/signin',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['signin'],
        summary: 'Create a sign-in sheet',
        body: contract.createSheet.body,
        response: responsesOf(contract.createSheet),
      },
    },
    async (request) => {
      const { body } = request;
      const context = commandContext(request, idempotencyKey(request, body.requestId));
      const answer = await services.signIns.createSheet(
        {
          title: body.title,
          // The default code: four random digits, drawn here so the decider stays pure.
          code: body.code ?? String(randomInt(0, 10_000)).padStart(4, '0'),
          ...(body.opensAt ? { opensAt: new Date(body.opensAt) } : {}),
          ...(body.closesAt ? { closesAt: new Date(body.closesAt) } : {}),
          workshop: body.workshop
            ? { semester: body.workshop.semester, kind: body.workshop.kind as WorkshopKind }
            : null,
          actorPk: request.viewer!.row.pk,
        },
        context,
      );
      if (!answer.ok) return { status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      const sheet = models().signIn.bySheetId.get(answer.sheetId);
      if (!sheet) throw new Error(`sheet ${answer.sheetId} is not in the read model`);
      return { status: 'ok' as const, signin: sheetView(sheet, services.now()) };
    },
  );

  app.get(
    '/admin/signin/workshop/list',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['signin'],
        summary: 'Semesters and workshop kinds with class sheets',
        response: responsesOf(contract.workshopSheetsList),
      },
    },
    async () => {
      const counts = new Map<string, { semester: string; kind: number; sheets: number }>();
      for (const sheet of models().signIn.sheets) {
        if (!sheet.workshop) continue;
        const key = workshopKey(sheet.workshop.semester, sheet.workshop.kind);
        const item = counts.get(key) ?? {
          semester: sheet.workshop.semester,
          kind: sheet.workshop.kind,
          sheets: 0,
        };
        item.sheets++;
        counts.set(key, item);
      }
      const list = [...counts.values()].sort((a, b) =>
        a.semester === b.semester
          ? a.kind - b.kind
          : b.semester.localeCompare(a.semester, 'en', { numeric: true }),
      );
      return { status: 'ok' as const, list };
    },
  );

  app.get(
    '/admin/signin/workshop/:semester/:kind',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['signin'],
        summary: 'Attendance of one workshop and the deposit deductions',
        params: contract.workshopAttendance.params,
        response: responsesOf(contract.workshopAttendance),
      },
    },
    async (request) => {
      const { semester } = request.params;
      const kind = Number(request.params.kind);
      const model = models().signIn;
      const sheets = workshopSheets(model, semester, kind);
      const roster = rosterPks(services, semester, kind);
      const loglist = sheets.flatMap((sheet) =>
        sheet.log.map((row) => ({ sheetPk: sheet.pk, userPk: row.userPk, timestamp: row.timestamp })),
      );
      const extra = [...new Set(loglist.map((row) => row.userPk))];
      const rows = attendanceTable(
        roster,
        sheets.map((sheet) => sheet.sheetId),
        (sheetId, userPk) => model.signed.has(`${sheetId}:${userPk}`),
        extra,
      );
      const users = models().users;
      const now = services.now();
      const onRoster = new Set(roster);
      return {
        status: 'ok' as const,
        loglist,
        userList: rows.map((row) => ({
          user: personRef(users, row.userPk),
          onRoster: onRoster.has(row.userPk),
          attended: row.attended,
          attendedCount: row.attendedCount,
          deductionNtd: row.deductionNtd,
        })),
        signinList: sheets.map((sheet) => sheetView(sheet, now)),
        columnList: sheets.map((sheet) => sheet.title),
      };
    },
  );
};
