// The decider of one file record (stream `file-{pk}`). A multipart upload is stored and checked before
// its first event, so it starts 'stored'; a direct upload starts 'pending' (an address was handed out)
// and becomes 'stored' when the API has checked the bytes the browser sent. Pending records older than
// a day are swept.
import { assertNever, type Decider, reject, type Rejection } from '../decider.ts';
import type {
  FileAnalysedEvent,
  FileDeletedEvent,
  FileEvent,
  FileUploadedEvent,
  FileUploadPreparedEvent,
  ImageInfo,
} from './events.ts';

/** An upload never finished is swept after this long. */
export const UNFINISHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

type Prepared = FileUploadPreparedEvent['data'];
type Uploaded = FileUploadedEvent['data'];

export type FileState =
  | { status: 'none' }
  | { status: 'pending'; prepared: Prepared }
  | {
      status: 'stored';
      file: Uploaded;
      analysis: { info: ImageInfo; thumbnailKey: string | null; infochecktime: string } | null;
    }
  | { status: 'deleted'; ownerPk: number };

export type FileCommand =
  | { type: 'PrepareUpload'; prepared: Prepared }
  | { type: 'RecordUpload'; uploaded: Uploaded }
  | { type: 'RecordAnalysis'; pk: number; info: ImageInfo; thumbnailKey: string | null }
  | { type: 'DeleteFile'; pk: number; actorPk: number; actorIsStaff: boolean }
  | { type: 'RefuseUpload'; pk: number }
  | { type: 'SweepUnfinished'; pk: number };

export type FileRejection = 'notfound' | 'forbidden' | 'already' | 'notexpired';

const deleted = (
  pk: number,
  now: Date,
  byPk: number | null,
  reason: FileDeletedEvent['data']['reason'],
): FileDeletedEvent => ({
  type: 'FileDeleted',
  data: { pk, deletedAt: now.toISOString(), byPk, reason },
});

function decide(command: FileCommand, state: FileState, now: Date): FileEvent[] | Rejection<FileRejection> {
  switch (command.type) {
    case 'PrepareUpload':
      if (state.status !== 'none') return reject('already');
      return [{ type: 'FileUploadPrepared', data: command.prepared }];
    case 'RecordUpload': {
      const uploaded = command.uploaded;
      if (uploaded.via === 'multipart') {
        if (state.status !== 'none') return reject('already');
        return [{ type: 'FileUploaded', data: uploaded }];
      }
      if (state.status === 'stored') return reject('already');
      if (state.status !== 'pending') return reject('notfound');
      if (state.prepared.ownerPk !== uploaded.ownerPk) return reject('forbidden');
      return [{ type: 'FileUploaded', data: uploaded }];
    }
    case 'RecordAnalysis': {
      if (state.status !== 'stored') return reject('notfound');
      const analysed: FileAnalysedEvent = {
        type: 'FileAnalysed',
        data: {
          pk: command.pk,
          info: command.info,
          thumbnailKey: command.thumbnailKey,
          infochecktime: now.toISOString(),
        },
      };
      return [analysed];
    }
    case 'DeleteFile': {
      if (state.status === 'none' || state.status === 'deleted') return reject('notfound');
      const ownerPk = state.status === 'pending' ? state.prepared.ownerPk : state.file.ownerPk;
      if (ownerPk === command.actorPk) return [deleted(command.pk, now, command.actorPk, 'owner')];
      if (command.actorIsStaff) return [deleted(command.pk, now, command.actorPk, 'staff')];
      return reject('forbidden');
    }
    case 'RefuseUpload':
      // The bytes a browser sent did not pass the checks: the record ends, the bytes are removed.
      if (state.status !== 'pending') return reject('notfound');
      return [deleted(command.pk, now, null, 'refused')];
    case 'SweepUnfinished': {
      if (state.status !== 'pending') return reject('notfound');
      const age = now.getTime() - Date.parse(state.prepared.preparedAt);
      if (age < UNFINISHED_UPLOAD_TTL_MS) return reject('notexpired');
      return [deleted(command.pk, now, null, 'expired')];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: FileState, event: FileEvent): FileState {
  switch (event.type) {
    case 'FileUploadPrepared':
      return { status: 'pending', prepared: event.data };
    case 'FileUploaded':
      return { status: 'stored', file: event.data, analysis: null };
    case 'FileAnalysed':
      if (state.status !== 'stored') return state;
      return {
        ...state,
        analysis: {
          info: event.data.info,
          thumbnailKey: event.data.thumbnailKey,
          infochecktime: event.data.infochecktime,
        },
      };
    case 'FileDeleted': {
      if (state.status === 'pending') return { status: 'deleted', ownerPk: state.prepared.ownerPk };
      if (state.status === 'stored') return { status: 'deleted', ownerPk: state.file.ownerPk };
      return state;
    }
    default:
      return state;
  }
}

export const fileDecider: Decider<FileCommand, FileEvent, FileState, FileRejection> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
