// Contribution points (document 1, sections 2 to 9; document 3: AdminPointLog, AdminPointEdit,
// AdminPointStat): the member's and the admin's point log, the request and edit form, the point
// authority's review, and the half-year statistics. docs/api.md describes every call.
//
// Who may use the admin calls: active staff (staff who are members) or holders of the 'point'
// authority. The spec puts these screens in the staff area and calls them the point head's screens; the
// point authority is the narrower, deliberate grant (a keyword grant already needs staff and
// membership; a personal grant is how the club gives it to someone off the roster), so either opens
// them. Staff without the authority can read everything and enter records for anyone, but reviewing
// (set, valid, invalid) and editing others' records stays with the authority (the decider refuses).
import type { PointActor, PointFields } from '@club/core/points/decider';
import { findPointKind, pointKind } from '@club/core/points/kinds';
import { PointStatuses } from '@club/core/points/status';
import { semesterOf } from '@club/core/semester';
import { pointsByRecipientHundredths } from '@club/core/points/totals';
import { hundredthsToPoints, pointsToHundredths } from '@club/core/points/units';
import type { PointWriteResult } from '@club/core/points/service';
import {
  allPoints,
  type PointRow,
  pointRowStatus,
  pointsAppliedForOthersBy,
  pointDiscountCentsByBuyer,
  pointsReceivedBy,
  userPkstr,
} from '@club/projections';
import { statisticsMoment } from '../views/statistics.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { allows, commandContext, requireRole } from '../auth/guards.ts';
import type { PortalServices } from '../services.ts';
import { nextPointStatusChangeMs, ReadCache } from '../views/read-cache.ts';
import type { UserFacts } from '../views/user-facts.ts';
import * as contract from '../contracts/points.ts';
import type { personRefSchema } from '../contracts/shared.ts';
import { responsesOf } from './schemas.ts';

/** Rows per page of the point logs (the spec leaves the page size open). */
export const POINT_LOG_ROWS_PER_PAGE = 20;

/** At most this many people answer a recipient search (document 3, section 9: type-ahead shows 6). */
const USER_SEARCH_LIMIT = 6;

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

// --- Schemas (api/src/contracts/points.ts) ---

type UserRef = z.infer<typeof personRefSchema>;
type PointView = z.infer<typeof contract.pointViewSchema>;
type PointBody = z.infer<typeof contract.pointBodySchema>;

// --- Views ---

const hasPointAuthority = (viewer: UserFacts): boolean => allows(viewer, { authority: 'point' });

/** The admin point screens and calls: active staff or the point authority (see the header comment). */
export const mayUsePointAdmin = (viewer: UserFacts): boolean =>
  allows(viewer, 'staff') || hasPointAuthority(viewer);

const actorOf = (viewer: UserFacts): PointActor => ({
  actorPk: viewer.row.pk,
  actorIsStaff: allows(viewer, 'staff'),
  actorHasPointAuthority: hasPointAuthority(viewer),
});

const userRef = (services: PortalServices, pk: number): UserRef => {
  const row = services.projections.models.users.byPk.get(pk);
  return { pk, pkstr: row?.pkstr ?? userPkstr(pk), name: row?.name ?? '' };
};

const isParty = (row: PointRow, viewer: UserFacts): boolean =>
  row.applicantPk === viewer.row.pk || row.recipientPk === viewer.row.pk;

function pointView(services: PortalServices, row: PointRow, viewer: UserFacts, now: Date): PointView {
  const status = pointRowStatus(row, now);
  const authority = hasPointAuthority(viewer);
  const pendingParty = isParty(row, viewer) && status === PointStatuses.pending;
  return {
    pk: row.pk,
    pkstr: `PT-${row.pk}`,
    workdate: row.workdate,
    user: userRef(services, row.applicantPk),
    receiveuser: userRef(services, row.recipientPk),
    kind: pointKind(row.kind).nameZh,
    kindkey: row.kind,
    reason: row.reason,
    applypoint: hundredthsToPoints(row.amountHundredths),
    status,
    confirmtime: row.effectiveAt,
    expiretime: row.expiresAt,
    requesttime: row.requestedAt,
    reviewtime: row.reviewedAt,
    canEdit: authority || pendingParty,
    canSave: (authority && status !== PointStatuses.expired) || pendingParty,
  };
}

/** Today's date on the Taipei wall clock (UTC+8, no daylight saving), YYYY-MM-DD. */
const taipeiToday = (now: Date): string =>
  new Date(now.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 10);

/** The blank form of a new record: today's work date, the viewer as applicant and recipient. */
function newPointView(services: PortalServices, viewer: UserFacts, now: Date): PointView {
  const self = userRef(services, viewer.row.pk);
  return {
    pk: null,
    pkstr: '',
    workdate: taipeiToday(now),
    user: self,
    receiveuser: self,
    kind: '',
    kindkey: '',
    reason: '',
    applypoint: null,
    status: null,
    confirmtime: null,
    expiretime: null,
    requesttime: null,
    reviewtime: null,
    canEdit: true,
    canSave: true,
  };
}

/** The form's fields for the decider; unusable values become ones the decider refuses as 'format'. */
function fieldsOf(point: PointBody['point']): PointFields {
  const receiveuser = point.receiveuser;
  const recipientPk = typeof receiveuser === 'number' ? receiveuser : (receiveuser?.pk ?? null);
  const kindText = (point.kind ?? '').trim();
  const applypoint = point.applypoint;
  return {
    // The legacy client may send 2026/11/22; the decider wants 2026-11-22.
    workdate: (point.workdate ?? '').trim().replaceAll('/', '-'),
    recipientPk,
    kind: findPointKind(kindText)?.key ?? kindText,
    reason: point.reason ?? '',
    amountHundredths:
      applypoint === null || applypoint === undefined ? 0 : (pointsToHundredths(applypoint) ?? 0),
  };
}

const paged = <Row>(rows: readonly Row[], page: number) => ({
  rows: rows.slice((page - 1) * POINT_LOG_ROWS_PER_PAGE, page * POINT_LOG_ROWS_PER_PAGE),
  pager: { totalrows: rows.length, rowsperpage: POINT_LOG_ROWS_PER_PAGE, page },
});

/** The idempotency key: the body's requestId, else the Idempotency-Key header. */
function idempotencyKey(request: FastifyRequest, body: PointBody): string | undefined {
  if (body.requestId) return body.requestId;
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key && key.length <= 200 ? key : undefined;
}

/** Active staff or the point authority (see the header comment); 401 without a login, else 403. */
async function requirePointAdmin(request: FastifyRequest, reply: FastifyReply) {
  requireRole('user')(request, reply);
  if (reply.sent) return reply;
  if (!mayUsePointAdmin(request.viewer!))
    return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
}

// --- Routes ---

export const pointRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const models = () => services.projections.models;
  type PointLogAnswer = {
    status: 'ok';
    pager: ReturnType<typeof paged>['pager'];
    loglist: PointView[];
    loglist_others: PointView[];
    pager_others: ReturnType<typeof paged>['pager'];
  };
  const pointLogPages = new ReadCache<string, PointLogAnswer>();

  const answerWrite = (result: PointWriteResult, viewer: UserFacts) => {
    if (!result.ok) {
      const remainingHundredths = result.detail?.remainingHundredths;
      return typeof remainingHundredths === 'number'
        ? {
            status: 'fail' as const,
            reason: result.reason,
            remaining: hundredthsToPoints(remainingHundredths),
          }
        : { status: 'fail' as const, reason: result.reason };
    }
    const row = models().points.byPk.get(result.pointId);
    if (!row) throw new Error(`point ${result.pointId} was written but is not in the read model`);
    return { status: 'ok' as const, point: pointView(services, row, viewer, services.now()) };
  };

  /** Saves the form: a new record, or an edit of `pk` with the admin's review choice when `admin`. */
  const save = async (request: FastifyRequest, pk: string, body: PointBody, admin: boolean) => {
    const viewer = request.viewer!;
    const context = commandContext(request, idempotencyKey(request, body));
    const actor = actorOf(viewer);
    const fields = fieldsOf(body.point);
    if (pk === 'new') {
      // A review choice means nothing for a record not yet saved: the point authority's entry takes
      // effect at once anyway, and other staff cannot review.
      return answerWrite(await services.points.request({ ...actor, ...fields }, context), viewer);
    }
    const confirmtype = admin ? (body.point.confirmtype ?? null) : null;
    return answerWrite(
      await services.points.save({ pointId: Number(pk), actor, fields, confirmtype }, context),
      viewer,
    );
  };

  app.get(
    '/user/point/log/:page',
    {
      preHandler: requireRole('user'),
      schema: {
        tags: ['points'],
        summary: "The viewer's point records (loglist) and those they applied for others (loglist_others)",
        params: contract.userPointLog.params,
        response: responsesOf(contract.userPointLog),
      },
    },
    // Synchronous: a returned value is sent at once, without the promise an async handler costs.
    (request) => {
      const viewer = request.viewer!;
      const now = services.now();
      const page = Number(request.params.page);
      // Rendered once per read-model position, until one of the rows shown changes status with time or
      // the semester ends.
      const key = `${viewer.row.pk}:${page}`;
      return pointLogPages.get(services.projections.position, key, now.getTime(), () => {
        const own = paged(pointsReceivedBy(models().points, viewer.row.pk), page);
        const others = paged(pointsAppliedForOthersBy(models().points, viewer.row.pk), page);
        return {
          value: {
            status: 'ok' as const,
            pager: own.pager,
            loglist: own.rows.map((row) => pointView(services, row, viewer, now)),
            loglist_others: others.rows.map((row) => pointView(services, row, viewer, now)),
            pager_others: others.pager,
          },
          // canEdit and canSave follow the viewer's authorities, which follow the semester's staff roster.
          validUntilMs: Math.min(
            semesterOf(now).end.getTime(),
            nextPointStatusChangeMs([...own.rows, ...others.rows], now.getTime()),
          ),
        };
      });
    },
  );

  app.get(
    '/admin/point/log/:page',
    {
      preHandler: requirePointAdmin,
      schema: {
        tags: ['points'],
        summary: 'Every point record, newest first (staff or the point authority)',
        params: contract.adminPointLog.params,
        response: responsesOf(contract.adminPointLog),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const now = services.now();
      const all = paged(allPoints(models().points), Number(request.params.page));
      return {
        status: 'ok' as const,
        pager: all.pager,
        loglist: all.rows.map((row) => pointView(services, row, viewer, now)),
        loglist_others: [],
      };
    },
  );

  app.get(
    '/admin/point/stat',
    {
      preHandler: requirePointAdmin,
      schema: {
        tags: ['points'],
        summary: 'Points and point discounts of the past half year, per user (staff or the point authority)',
        response: responsesOf(contract.pointStat),
      },
    },
    async () => {
      const now = services.now();
      // A record effective within the past half year and not invalidated is exactly one that is valid
      // now (it expires half a year after it took effect), so the half year's points are today's totals.
      const pointsByUser = pointsByRecipientHundredths(models().points.byPk.values(), now);
      // Money saved through point discounts on sales of the past half year, in cents, by buyer
      // (projections/src/statistics.ts: list amount less what was paid, refunds taken out).
      const discountCentsByUser = pointDiscountCentsByBuyer(models(), now);
      const userPks = new Set([...pointsByUser.keys(), ...discountCentsByUser.keys()]);
      const rows = [...userPks].map((pk) => ({
        pk,
        pointHundredths: pointsByUser.get(pk) ?? 0,
        discountCents: discountCentsByUser.get(pk) ?? 0,
      }));
      rows.sort(
        (a, b) => b.pointHundredths - a.pointHundredths || b.discountCents - a.discountCents || a.pk - b.pk,
      );
      return {
        status: 'ok' as const,
        loglist: rows.map((row) => ({
          user: userRef(services, row.pk),
          point: hundredthsToPoints(row.pointHundredths),
          discount: row.discountCents / 100,
        })),
        totalpoint: hundredthsToPoints(rows.reduce((sum, row) => sum + row.pointHundredths, 0)),
        totaldiscount: rows.reduce((sum, row) => sum + row.discountCents, 0) / 100,
        moment: statisticsMoment(services),
      };
    },
  );

  app.get(
    '/admin/point/users',
    {
      preHandler: requirePointAdmin,
      schema: {
        tags: ['points'],
        summary: 'Find a recipient by pk, pkstr or name (at most 6; staff or the point authority)',
        querystring: contract.pointUserSearch.query,
        response: responsesOf(contract.pointUserSearch),
      },
    },
    async (request) => {
      const keyword = (request.query.keyword ?? '').trim().toLowerCase();
      const list: UserRef[] = [];
      if (keyword !== '') {
        for (const row of models().users.byPk.values()) {
          const matches =
            String(row.pk) === keyword ||
            row.pkstr.toLowerCase().includes(keyword) ||
            row.name.toLowerCase().includes(keyword);
          if (matches) list.push({ pk: row.pk, pkstr: row.pkstr, name: row.name });
          if (list.length >= USER_SEARCH_LIMIT) break;
        }
      }
      return { status: 'ok' as const, list };
    },
  );

  for (const admin of [false, true]) {
    const base = admin ? '/admin/point' : '/user/point';
    const guard = admin ? requirePointAdmin : requireRole('user');

    app.get(
      `${base}/:pk`,
      {
        preHandler: guard,
        schema: {
          tags: ['points'],
          summary: admin
            ? "One point record, or the blank form for 'new' (staff or the point authority)"
            : "One of the viewer's point records, or the blank form for 'new'",
          params: contract.userPoint.params,
          response: responsesOf(admin ? contract.adminPoint : contract.userPoint),
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const now = services.now();
        const { pk } = request.params;
        if (pk === 'new') return { status: 'ok' as const, point: newPointView(services, viewer, now) };
        const row = models().points.byPk.get(Number(pk));
        if (!row) return { status: 'fail' as const, reason: 'notfound' };
        if (!admin && !isParty(row, viewer) && !hasPointAuthority(viewer)) {
          return { status: 'fail' as const, reason: 'forbidden' };
        }
        return { status: 'ok' as const, point: pointView(services, row, viewer, now) };
      },
    );

    app.post(
      `${base}/:pk`,
      {
        preHandler: guard,
        schema: {
          tags: ['points'],
          summary: admin
            ? 'Save a point record with the review choice (confirmtype); staff or the point authority'
            : 'Request points, or edit a pending request',
          params: contract.userPointSave.params,
          body: contract.userPointSave.body,
          response: responsesOf(admin ? contract.adminPointSave : contract.userPointSave),
        },
      },
      async (request) => save(request, request.params.pk, request.body, admin),
    );
  }
};
