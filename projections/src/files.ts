// The files read model: every file record not deleted, by pk, with what each owner stores (for the quota)
// and the direct uploads still pending (for the sweep). Deleted records leave the model.
import type { RecordedEvent } from '@club/core/eventstore/port';
import { FILE_EVENT_TYPES, type FileEvent, type ImageInfo } from '@club/core/files/events';
import type { FileApplication, FileObjectName, SniffedType } from '@club/core/files/rules';
import type { Projection } from './runner.ts';

export interface FileRow {
  pk: number;
  filename: string;
  ownerPk: number;
  objname: FileObjectName;
  objpk: number;
  application: FileApplication;
  attr: string;
  /** 'pending' while a direct upload has not been finished. */
  status: 'pending' | 'stored';
  preparedAt: string | null;
  contentType: SniffedType | null;
  size: number;
  sha256: string;
  uploadedAt: string | null;
  info: ImageInfo | null;
  thumbnailKey: string | null;
  infochecktime: string | null;
}

export interface FilesModel {
  byPk: Map<number, FileRow>;
  /** Bytes of each owner's stored files. */
  usedBytesByOwner: Map<number, number>;
}

const addUsed = (model: FilesModel, ownerPk: number, bytes: number): void => {
  model.usedBytesByOwner.set(ownerPk, (model.usedBytesByOwner.get(ownerPk) ?? 0) + bytes);
};

export const filesProjection: Projection<FilesModel> = {
  handles: FILE_EVENT_TYPES,
  initial: () => ({ byPk: new Map(), usedBytesByOwner: new Map() }),
  evolve(model, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as FileEvent;
    switch (event.type) {
      case 'FileUploadPrepared': {
        const { preparedAt, storageKey: _key, ...fields } = event.data;
        model.byPk.set(fields.pk, {
          ...fields,
          status: 'pending',
          preparedAt,
          contentType: null,
          size: 0,
          sha256: '',
          uploadedAt: null,
          info: null,
          thumbnailKey: null,
          infochecktime: null,
        });
        break;
      }
      case 'FileUploaded': {
        const { storageKey: _key, via: _via, ...fields } = event.data;
        const before = model.byPk.get(fields.pk);
        model.byPk.set(fields.pk, {
          ...fields,
          status: 'stored',
          preparedAt: before?.preparedAt ?? null,
          info: null,
          thumbnailKey: null,
          infochecktime: null,
        });
        addUsed(model, fields.ownerPk, fields.size);
        break;
      }
      case 'FileAnalysed': {
        const row = model.byPk.get(event.data.pk);
        if (row)
          model.byPk.set(row.pk, {
            ...row,
            info: event.data.info,
            thumbnailKey: event.data.thumbnailKey,
            infochecktime: event.data.infochecktime,
          });
        break;
      }
      case 'FileDeleted': {
        const row = model.byPk.get(event.data.pk);
        if (row?.status === 'stored') addUsed(model, row.ownerPk, -row.size);
        model.byPk.delete(event.data.pk);
        break;
      }
    }
    return model;
  },
};

/** Direct uploads prepared before `before` and never finished. */
export const unfinishedUploads = (model: FilesModel, before: Date): number[] =>
  [...model.byPk.values()]
    .filter(
      (row) =>
        row.status === 'pending' && row.preparedAt !== null && Date.parse(row.preparedAt) <= before.getTime(),
    )
    .map((row) => row.pk);
