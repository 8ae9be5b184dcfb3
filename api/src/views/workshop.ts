// Workshop read helpers shared by the routes and the upload checks: a form's photos, the applicant's
// experience facts (earlier workshop rosters, darkroom sessions, paid memberships).
import type { ApplicantFacts, WorkshopForm } from '@club/core/workshop/decider';
import { tooManyMemberships } from '@club/core/workshop/decider';
import { compareSemesterTags } from '@club/core/semester';
import type { ModelsOf, PortalProjections } from '@club/projections';
import { fileContentUrl } from './file-record.ts';

type Models = ModelsOf<PortalProjections>;

/** The photos of a form: its applicant's files with objname workshopform and objpk the form's pk. */
export function photosOf(models: Models, formPk: number): { pk: number; url: string }[] {
  const photos: { pk: number; url: string }[] = [];
  const form = models.workshop.state.forms.get(formPk);
  if (!form) return photos;
  // Only the applicant's own files: an upload by anyone else (before the form existed) is never shown.
  for (const row of models.files.byPk.values())
    if (
      row.status === 'stored' &&
      row.objname === 'workshopform' &&
      row.objpk === formPk &&
      row.ownerPk === form.userPk
    )
      photos.push({ pk: row.pk, url: fileContentUrl(row.pk) });
  return photos.sort((a, b) => a.pk - b.pk);
}

export function applicantFacts(
  models: Models,
  userPk: number,
  isStaff: boolean,
  semester: string,
): ApplicantFacts {
  let workshopever = false;
  for (const [tag, roster] of models.access.workshopsBySemester)
    if (
      compareSemesterTags(tag, semester) < 0 &&
      [...roster.entries.values()].some((e) => e.userPk === userPk)
    )
      workshopever = true;
  const darkroomever = models.darkroomSessions.sessions.some((session) => session.userPk === userPk);
  const dues = models.ledger.memberships.get(userPk)?.dues ?? {};
  const paid = Object.entries(dues).filter(
    ([key, status]) => key.startsWith('memberfee:') && status.status === 'paid',
  ).length;
  return { userPk, isStaff, workshopever, darkroomever, membertoomore: tooManyMemberships(paid) };
}

export function formOf(models: Models, pk: number): WorkshopForm | undefined {
  return models.workshop.state.forms.get(pk);
}
