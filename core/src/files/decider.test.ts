// Given these events, when this command, then these events or this refusal.
import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { fileDecider, UNFINISHED_UPLOAD_TTL_MS } from './decider.ts';
import type { FileEvent, FileUploadedEvent } from './events.ts';

const preparedAt = '2026-11-22T04:00:00.000Z';
const prepared: FileEvent = {
  type: 'FileUploadPrepared',
  data: {
    pk: 7,
    filename: 'a.jpg',
    ownerPk: 101,
    objname: 'workshopform',
    objpk: 1,
    application: 1,
    attr: '',
    preparedAt,
    storageKey: 'files/7',
  },
};
const { preparedAt: _p, ...ownership } = prepared.data;
const uploaded = (via: 'direct' | 'multipart'): FileUploadedEvent => ({
  type: 'FileUploaded',
  data: {
    ...ownership,
    contentType: 'image/jpeg',
    size: 10,
    sha256: 'a'.repeat(64),
    uploadedAt: preparedAt,
    via,
  },
});
const decide = (
  given: FileEvent[],
  command: Parameters<typeof fileDecider.decide>[0],
  now = new Date(preparedAt),
) => fileDecider.decide(command, fold(fileDecider, given), now);

describe('file decider', () => {
  it('finishes a pending direct upload only for its owner, once', () => {
    const finish = uploaded('direct');
    const command = { type: 'RecordUpload', uploaded: finish.data } as const;
    expect(decide([prepared], command)).toEqual([finish]);
    expect(
      decide([prepared], { type: 'RecordUpload', uploaded: { ...finish.data, ownerPk: 102 } } as never),
    ).toEqual({ rejected: 'forbidden' });
    expect(decide([prepared, finish], command)).toEqual({ rejected: 'already' });
    expect(decide([], command)).toEqual({ rejected: 'notfound' });
  });

  it('lets the owner or staff delete, nobody else', () => {
    const given = [uploaded('multipart')];
    expect(decide(given, { type: 'DeleteFile', pk: 7, actorPk: 101, actorIsStaff: false })).toMatchObject([
      { data: { reason: 'owner' } },
    ]);
    expect(decide(given, { type: 'DeleteFile', pk: 7, actorPk: 5, actorIsStaff: true })).toMatchObject([
      { data: { reason: 'staff', byPk: 5 } },
    ]);
    expect(decide(given, { type: 'DeleteFile', pk: 7, actorPk: 102, actorIsStaff: false })).toEqual({
      rejected: 'forbidden',
    });
    const gone = [
      ...given,
      {
        type: 'FileDeleted',
        data: { pk: 7, deletedAt: preparedAt, byPk: 101, reason: 'owner' },
      } as FileEvent,
    ];
    expect(decide(gone, { type: 'DeleteFile', pk: 7, actorPk: 101, actorIsStaff: false })).toEqual({
      rejected: 'notfound',
    });
  });

  it('sweeps a pending upload only after a day, and never a finished one', () => {
    const sweep = { type: 'SweepUnfinished', pk: 7 } as const;
    const justBefore = new Date(Date.parse(preparedAt) + UNFINISHED_UPLOAD_TTL_MS - 1);
    const after = new Date(Date.parse(preparedAt) + UNFINISHED_UPLOAD_TTL_MS);
    expect(decide([prepared], sweep, justBefore)).toEqual({ rejected: 'notexpired' });
    expect(decide([prepared], sweep, after)).toMatchObject([
      { type: 'FileDeleted', data: { reason: 'expired', byPk: null } },
    ]);
    expect(decide([prepared, uploaded('direct')], sweep, after)).toEqual({ rejected: 'notfound' });
  });
});
