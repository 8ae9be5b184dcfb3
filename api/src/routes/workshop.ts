// The workshop application (docs/workshop.md): GET/POST /workshop/form and /workshop/form/removeimg for
// applicants; AdminWorkshopResult's list, entry and result for staff (setting needs workshopset), and the
// schedule of the current semester.
import { reached, scheduleOf, type WorkshopForm } from '@club/core/workshop/decider';
import { wishesOf } from '@club/core/workshop/questions';
import { semesterOf } from '@club/core/semester';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthorityKey } from '@club/core/access/authorities';
import { allows, commandContext, requireRole } from '../auth/guards.ts';
import * as contract from '../contracts/workshop.ts';
import type { PortalServices } from '../services.ts';
import { applicantFacts, formOf, photosOf } from '../views/workshop.ts';
import { responsesOf } from './schemas.ts';

const fail = (reason: string) => ({ status: 'fail' as const, reason });
const isStaff = (request: FastifyRequest) => allows(request.viewer!, 'staff');
const maySet = (request: FastifyRequest) =>
  isStaff(request) && allows(request.viewer!, { authority: 'workshopset' });

function signUpView(services: PortalServices, form: WorkshopForm) {
  const models = services.projections.models;
  const user = models.users.byPk.get(form.userPk);
  const { choice1, choice2 } = wishesOf(form.fillin);
  return {
    pk: form.pk,
    user: {
      pk: form.userPk,
      pkstr: user?.pkstr ?? String(form.userPk),
      name: user?.name ?? '',
      stuid: user?.stuid ?? '',
      studepartment: user?.department ?? '',
    },
    modifytime: form.modifytime,
    finishtime: form.finishtime,
    fillin: form.fillin,
    result: form.result,
    formlist: [choice1, choice2]
      .filter((kind) => kind !== null)
      .map((kind, index) => ({ title: `choice${index + 1}`, kind })),
    imglist: photosOf(models, form.pk),
  };
}

export const workshopRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const models = () => services.projections.models;
  const semesterNow = () => semesterOf(services.now()).tag;
  const noErrorMember = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    requireRole('user')(request, reply);
    if (reply.sent) return reply;
    // The errormember authority hides the workshop form (document 1).
    if (request.viewer!.authlist.includes('errormember'))
      return reply.status(403).send({ status: 'fail', reason: 'forbidden' });
  };

  app.get(
    contract.getWorkshopForm.path,
    {
      preHandler: noErrorMember,
      schema: {
        tags: ['workshop'],
        summary: "The viewer's workshop form",
        response: responsesOf(contract.getWorkshopForm),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const semester = semesterNow();
      const state = models().workshop.state;
      const schedule = scheduleOf(state, semester);
      const pk = state.byUser.get(`${semester}/${viewer.row.pk}`);
      const form = pk === undefined ? undefined : state.forms.get(pk);
      const facts = applicantFacts(models(), viewer.row.pk, isStaff(request), semester);
      const row = viewer.row;
      return {
        status: 'ok' as const,
        semester,
        memberuser: {
          name: row.name,
          mobile: row.mobile,
          email: row.email,
          facebook: row.facebook,
          studepartment: [row.school, row.department].filter(Boolean).join(' '),
          stuid: row.stuid,
          grade: row.grade,
        },
        experience: {
          workshopever: facts.workshopever,
          darkroomever: facts.darkroomever,
          membertoomore: facts.membertoomore,
        },
        timeschedule: schedule.timeschedule,
        offered: schedule.offered,
        isstaff: isStaff(request),
        wf: form
          ? {
              pk: form.pk,
              fillin: form.fillin,
              modifytime: form.modifytime,
              finishtime: form.finishtime,
              // Results show once the schedule reaches 'showresult'.
              result: reached(schedule.timeschedule, 'showresult') ? form.result : 0,
              test: form.test,
              step: form.step,
              imglist: photosOf(models(), form.pk),
            }
          : null,
      };
    },
  );

  app.post(
    contract.saveWorkshopForm.path,
    {
      preHandler: noErrorMember,
      schema: {
        tags: ['workshop'],
        summary: 'Save a page of the workshop form; finish submits it',
        body: contract.saveWorkshopForm.body,
        response: responsesOf(contract.saveWorkshopForm),
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const semester = semesterNow();
      const state = models().workshop.state;
      const existing = state.byUser.get(`${semester}/${viewer.row.pk}`);
      const staff = isStaff(request);
      const written = await services.workshops.command(
        {
          type: 'SaveForm',
          semester,
          applicant: applicantFacts(models(), viewer.row.pk, staff, semester),
          fillin: request.body.wf.fillin,
          step: request.body.step,
          finish: request.body.finish,
          test: request.body.wf.test === true,
          photos: existing === undefined ? 0 : photosOf(models(), existing).length,
        },
        commandContext(request),
      );
      if (!written.ok) return fail(written.reason);
      await services.projections.waitFor(written.position);
      return { status: 'ok' as const, pk: written.pk ?? existing ?? 0 };
    },
  );

  app.post(
    contract.removeWorkshopImage.path,
    {
      preHandler: noErrorMember,
      schema: {
        tags: ['workshop'],
        summary: 'Remove a photo from the workshop form',
        body: contract.removeWorkshopImage.body,
        response: responsesOf(contract.removeWorkshopImage),
      },
    },
    async (request, reply) => {
      const { formpk, imgpk } = request.body;
      const form = formOf(models(), formpk);
      const file = models().files.byPk.get(imgpk);
      if (!form || file?.status !== 'stored' || file.objname !== 'workshopform' || file.objpk !== formpk)
        return fail('notfound');
      if (form.userPk !== request.viewer!.row.pk && !isStaff(request))
        return reply.status(403).send(fail('forbidden'));
      if (scheduleOf(models().workshop.state, form.semester).timeschedule === 'close') return fail('closed');
      const removed = await services.files.delete(
        request.viewer!.row.pk,
        isStaff(request),
        [imgpk],
        commandContext(request),
      );
      return removed.ok ? { status: 'ok' as const } : fail(removed.reason);
    },
  );

  const staffOnly = requireRole('staff');
  for (const call of [contract.workshopResultList, contract.workshopResultEntry]) {
    app.get(
      call.path,
      {
        preHandler: staffOnly,
        schema: {
          tags: ['workshop'],
          summary: 'Workshop sign-ups of the current semester by tab (AdminWorkshopResult)',
          params: call.params,
          response: responsesOf(call),
        },
      },
      async (request) => {
        const { tab, pk } = request.params as { tab: 'member' | 'memberTemp' | 'staff'; pk?: string };
        const semester = semesterNow();
        const state = models().workshop.state;
        const schedule = scheduleOf(state, semester);
        const forms = [...state.forms.values()].filter(
          (form) =>
            form.semester === semester &&
            (tab === 'staff' ? form.test : !form.test && (tab === 'member') === (form.finishtime !== null)),
        );
        const loglist = forms.map((form) => signUpView(services, form));
        const statistic = ([1, 3] as const).map((kind) => ({
          kind,
          count: forms.filter((form) => wishesOf(form.fillin).choice1 === kind).length,
        }));
        const entryForm = pk === undefined ? undefined : state.forms.get(Number(pk));
        return {
          status: 'ok' as const,
          semester,
          timeschedule: schedule.timeschedule,
          offered: schedule.offered,
          count: loglist.length,
          statistic,
          loglist,
          entry: entryForm ? signUpView(services, entryForm) : null,
          mayset: maySet(request),
        };
      },
    );
  }

  app.post(
    contract.saveWorkshopResult.path,
    {
      preHandler: staffOnly,
      schema: {
        tags: ['workshop'],
        summary: "Set a sign-up's result (workshopset); admitting puts them on the workshop roster",
        body: contract.saveWorkshopResult.body,
        response: responsesOf(contract.saveWorkshopResult),
      },
    },
    async (request, reply) => {
      if (!maySet(request)) return reply.status(403).send(fail('forbidden'));
      const set = await services.workshops.setResult(
        {
          pk: request.body.entry.pk,
          result: request.body.entry.result,
          byPk: request.viewer!.row.pk,
          authorities: request.viewer!.authlist as AuthorityKey[],
        },
        commandContext(request),
      );
      if (!set.ok) return fail(set.reason);
      await services.projections.waitFor(set.position);
      return { status: 'ok' as const };
    },
  );

  app.post(
    contract.setWorkshopSchedule.path,
    {
      preHandler: staffOnly,
      schema: {
        tags: ['workshop'],
        summary: "Set the current semester's workshop timeschedule and offered kinds (workshopset)",
        body: contract.setWorkshopSchedule.body,
        response: responsesOf(contract.setWorkshopSchedule),
      },
    },
    async (request, reply) => {
      if (!maySet(request)) return reply.status(403).send(fail('forbidden'));
      const written = await services.workshops.command(
        {
          type: 'SetSchedule',
          semester: semesterNow(),
          timeschedule: request.body.timeschedule,
          offered: request.body.offered,
          byPk: request.viewer!.row.pk,
          mayset: true,
        },
        commandContext(request),
      );
      if (!written.ok) return fail(written.reason);
      await services.projections.waitFor(written.position);
      return { status: 'ok' as const };
    },
  );
};
