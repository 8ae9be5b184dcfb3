// A file record as the API shows it (document 2: image file), from the files read model.
import type { FileRow, PortalProjections, ModelsOf } from '@club/projections';
import { personRef } from './ledger-rows.ts';

export const fileContentUrl = (pk: number): string => `/api/s3/${pk}/content`;
export const fileThumbnailUrl = (pk: number): string => `/api/s3/${pk}/thumbnail`;

export function fileRecordView(models: ModelsOf<PortalProjections>, row: FileRow) {
  return {
    pk: row.pk,
    filename: row.filename,
    url: fileContentUrl(row.pk),
    thumbnail: row.thumbnailKey ? { url: fileThumbnailUrl(row.pk) } : null,
    user: personRef(models.users, row.ownerPk),
    objname: row.objname,
    objpk: row.objpk,
    application: row.application,
    contenttype: row.contentType ?? '',
    size: row.size,
    sha256: row.sha256,
    info: row.info,
    infochecktime: row.infochecktime,
  };
}
