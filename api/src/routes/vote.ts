// The president vote (document 2: Vote). Staff open and close a vote at /api/admin/vote. The secret
// ballot (docs/signin-vote.md): who voted and what was voted are stored apart (core/src/vote/service.ts).
import { membershipSummary } from '@club/core/ledger/membership';
import { nextSemester, parseSemesterTag, semesterOf } from '@club/core/semester';
import { type CastRejection, votePhase, voteStatusOf, type VoteState } from '@club/core/vote/decider';
import { voterClaim } from '@club/core/vote/service';
import type { BallotOption } from '@club/core/vote/events';
import type { VoteRow } from '@club/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/vote.ts';
import type { PortalServices } from '../services.ts';
import { idempotencyKey } from '../views/staff-cash.ts';
import type { UserFacts } from '../views/user-facts.ts';
import { responsesOf } from './schemas.ts';

const stateOf = (row: VoteRow | undefined): VoteState =>
  !row
    ? { status: 'none' }
    : row.closedAt
      ? { status: 'closed', vote: row.vote, closedAt: row.closedAt }
      : { status: 'opened', vote: row.vote };

/** Whether a person was a member in the vote's semester (document 2: voters are members). */
function isVoter(services: PortalServices, userPk: number, semester: string): boolean {
  const membership = services.projections.models.ledger.memberships.get(userPk);
  if (!membership) return false;
  const tag = parseSemesterTag(semester);
  return tag !== null && membershipSummary(membership, semester, nextSemester(tag).tag).ismember;
}

function viewerReason(
  services: PortalServices,
  row: VoteRow | undefined,
  userPk: number,
  now: Date,
): CastRejection | null {
  const state = stateOf(row);
  const phase = votePhase(state, now);
  if (phase === 'none' || !row) return 'notopen';
  if (phase === 'before') return 'before';
  if (phase === 'over') return 'after';
  if (!isVoter(services, userPk, row.vote.semester)) return 'notmember';
  if (row.claims.has(voterClaim(services.votes.voterKey(), row.vote.voteId, userPk))) return 'already';
  return null;
}

/** Per vote, the claim of every user computed so far (a keyed hash per user, computed once). */
const claimsByVote = new WeakMap<PortalServices, Map<string, Map<string, number>>>();

/**
 * Who has voted (finishlist), by pk: the users whose claim is among the vote's claims. The log holds only
 * the claims; the portal, holding the key, recomputes each user's.
 */
function votersOf(services: PortalServices, row: VoteRow): { pk: number; name: string }[] {
  let byVote = claimsByVote.get(services);
  if (!byVote) {
    byVote = new Map();
    claimsByVote.set(services, byVote);
  }
  const voteId = row.vote.voteId;
  let pkByClaim = byVote.get(voteId);
  if (!pkByClaim) {
    pkByClaim = new Map();
    byVote.set(voteId, pkByClaim);
  }
  const users = services.projections.models.users;
  if (pkByClaim.size < users.byPk.size) {
    const key = services.votes.voterKey();
    for (const pk of users.byPk.keys()) pkByClaim.set(voterClaim(key, voteId, pk), pk);
  }
  const voters: { pk: number; name: string }[] = [];
  for (const claim of row.claims) {
    const pk = pkByClaim.get(claim);
    if (pk !== undefined) voters.push({ pk, name: users.byPk.get(pk)?.name ?? '' });
  }
  return voters.sort((a, b) => a.pk - b.pk);
}

function votePage(services: PortalServices, viewer: UserFacts) {
  const model = services.projections.models.vote;
  const row = model.currentId ? model.byId.get(model.currentId) : undefined;
  const now = services.now();
  const votestatus = voteStatusOf(stateOf(row), now);
  return {
    votestatus,
    votes: row?.vote.ballots.length ?? 0,
    stat: row
      ? {
          voteId: row.vote.voteId,
          title: row.vote.title,
          semester: row.vote.semester,
          ballots: row.vote.ballots,
          opensAt: row.vote.opensAt,
          closesAt: row.vote.closesAt,
          closedAt: row.closedAt,
          voted: row.claims.size,
        }
      : null,
    reason: viewerReason(services, row, viewer.row.pk, now),
    // The count is shown only once the vote is over, so nobody watches it move while people vote.
    result:
      row && votestatus === 2
        ? row.vote.ballots.map((ballot, index) => ({ title: ballot.title, ...row.tallies[index]! }))
        : null,
    finishlist: row ? votersOf(services, row) : [],
  };
}

export const voteRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;

  app.get(
    '/vote',
    {
      preHandler: requireRole('member'),
      schema: { tags: ['vote'], summary: 'The current vote', response: responsesOf(contract.votePage) },
    },
    async (request) => ({ status: 'ok' as const, ...votePage(services, request.viewer!) }),
  );

  app.post(
    '/vote',
    {
      preHandler: requireRole('member'),
      schema: {
        tags: ['vote'],
        summary: 'Cast my vote',
        body: contract.castVote.body,
        response: responsesOf(contract.castVote),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const model = services.projections.models.vote;
      if (!model.currentId)
        return { ...votePage(services, viewer), status: 'fail' as const, reason: 'notopen' };
      const row = model.byId.get(model.currentId)!;
      const choices: (BallotOption | null | undefined)[] = [request.body.radio1, request.body.radio2];
      const answer = await services.votes.cast(
        row.vote.voteId,
        { userPk: viewer.row.pk, eligible: isVoter(services, viewer.row.pk, row.vote.semester) },
        choices,
        services.now(),
      );
      if (!answer.ok)
        return { ...votePage(services, viewer), status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      return { status: 'ok' as const, finish: true as const, ...votePage(services, viewer) };
    },
  );

  app.post(
    '/admin/vote',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['vote'],
        summary: 'Open a vote',
        body: contract.openVote.body,
        response: responsesOf(contract.openVote),
      },
    },
    async (request) => {
      const { body } = request;
      const answer = await services.votes.open(
        {
          title: body.title,
          semester: body.semester ?? semesterOf(services.now()).tag,
          ballots: body.ballots,
          opensAt: new Date(body.opensAt),
          closesAt: new Date(body.closesAt),
          actorPk: request.viewer!.row.pk,
        },
        commandContext(request, idempotencyKey(request, body.requestId)),
      );
      if (!answer.ok) return { status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      return { status: 'ok' as const, voteId: answer.voteId };
    },
  );

  app.post(
    '/admin/vote/close',
    {
      preHandler: requireRole('staff'),
      schema: {
        tags: ['vote'],
        summary: 'Close a vote now',
        body: contract.closeVote.body,
        response: responsesOf(contract.closeVote),
      },
    },
    async (request) => {
      const answer = await services.votes.close(
        request.body.voteId,
        request.viewer!.row.pk,
        commandContext(request),
      );
      if (!answer.ok) return { status: 'fail' as const, reason: answer.reason };
      await services.projections.waitFor(answer.position);
      return { status: 'ok' as const, voteId: answer.voteId };
    },
  );
};
