// Print projects as the API shows them (document 2: print project), from the print and files read models.
import type { PrintProject } from '@club/core/print/decider';
import type { FileRow } from '@club/projections';
import type { PortalServices } from '../services.ts';
import { fileRecordView, fileThumbnailUrl } from '../views/file-record.ts';
import { personRef } from '../views/ledger-rows.ts';

export const resultName = (key: string): string => key.slice(key.lastIndexOf('/') + 1);
export const resultUrl = (pk: number, key: string): string => `/api/print/${pk}/result/${resultName(key)}`;

/** The project's stored files, oldest first. */
export function projectFiles(services: PortalServices, pk: number): FileRow[] {
  return [...services.projections.models.files.byPk.values()]
    .filter((row) => row.status === 'stored' && row.objname === 'printproject' && row.objpk === pk)
    .sort((a, c) => a.pk - c.pk);
}

const lastlogView = (project: PrintProject) => ({
  status: project.lastlog.status,
  progresspercent: project.lastlog.progresspercent,
  progresstext: project.lastlog.progresstext,
});

export function summaryView(services: PortalServices, project: PrintProject) {
  const pages = projectFiles(services, project.pk).filter((row) => row.application === 1);
  const cover = pages.find((row) => row.thumbnailKey);
  return {
    pk: project.pk,
    title: project.title,
    user: personRef(services.projections.models.users, project.ownerPk),
    lastlog: lastlogView(project),
    images_app1_count: pages.length,
    coverThumbnail: cover ? fileThumbnailUrl(cover.pk) : null,
    createdAt: project.createdAt,
  };
}

export function projectView(
  services: PortalServices,
  project: PrintProject,
  viewer: { pk: number; isStaff: boolean },
) {
  const models = services.projections.models;
  const files = projectFiles(services, project.pk);
  const uploaders = new Set(files.map((row) => row.ownerPk));
  const canManage = viewer.isStaff || viewer.pk === project.ownerPk;
  return {
    ...summaryView(services, project),
    settings: project.settings,
    imagelist: files.map((row) => fileRecordView(models, row)),
    results: project.results.map((result) => ({
      name: resultName(result.key),
      filename: result.filename,
      url: resultUrl(project.pk, result.key),
      size: result.size,
      sheets: result.sheets,
    })),
    canManage,
    showUploader: viewer.isStaff || (viewer.pk === project.ownerPk && uploaders.size > 1),
  };
}
