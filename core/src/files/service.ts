// The files application service: checks uploads (name, size, sniffed type, decodability, quota) before
// anything is stored, stores the bytes through the storage port, then records them as events. Bytes are
// stored before their record is written and removed again if the write fails, so a refused or failed
// upload leaves neither a record nor an object behind.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { type Analysis, analyseFile } from './analyse.ts';
import { fileDecider, type FileCommand, type FileRejection, type FileState } from './decider.ts';
import {
  fileAnalysedSchema,
  fileDeletedSchema,
  fileStream,
  FILE_ID_SEQUENCE_STREAM,
  fileUploadedSchema,
  fileUploadPreparedSchema,
} from './events.ts';
import { fileIdAllocatedSchema, fileIdSequenceDecider } from './id-sequence.ts';
import type { LocalFileStorage } from './local-storage.ts';
import {
  checkUpload,
  type FileApplication,
  type FileLimits,
  type FileObjectName,
  sanitizeFilename,
  type SniffedType,
  sizeCapFor,
  sniffContentType,
  type UploadRefusal,
} from './rules.ts';
import type { FileStorage } from './storage.ts';

const fileEventSchema = z.union([
  fileUploadPreparedSchema,
  fileUploadedSchema,
  fileAnalysedSchema,
  fileDeletedSchema,
]);

export const fileKey = (pk: number): string => `files/${pk}`;
export const thumbnailKey = (pk: number): string => `thumbnails/${pk}.jpg`;
const pkOfKey = (key: string): number | null => {
  const match = /^files\/([1-9]\d{0,12})$/.exec(key);
  return match ? Number(match[1]) : null;
};

/** How long a direct-upload address works. */
export const DIRECT_UPLOAD_EXPIRES_SECONDS = 60 * 60;

export interface FileTarget {
  objname: FileObjectName;
  objpk: number;
  application: FileApplication;
  attr: string;
}

export interface FilesDependencies {
  limits: FileLimits;
  /** What the owner's stored files add up to, from the read model. */
  usedBytes(ownerPk: number): number;
  /** Waits until the read models include the position. */
  caughtUp(position: number): Promise<void>;
}

export type UploadResult =
  | { ok: true; pks: number[]; position: number }
  | { ok: false; reason: UploadRefusal; filename: string };

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export class Files {
  constructor(
    private readonly store: EventStore,
    readonly storage: FileStorage,
    private readonly dependencies: FilesDependencies,
    private readonly cache?: StateCache,
  ) {}

  get limits(): FileLimits {
    return this.dependencies.limits;
  }

  private command(pk: number, command: FileCommand, context: CommandContext) {
    const { commandId: _ignored, ...recordContext } = context;
    return handleCommand(this.store, fileStream(pk), fileDecider, command, recordContext, {
      cache: this.cache,
      schema: fileEventSchema,
    });
  }

  private async allocate(count: number, context: CommandContext): Promise<number> {
    const { commandId: _ignored, ...allocationContext } = context;
    const allocated = await handleCommand(
      this.store,
      FILE_ID_SEQUENCE_STREAM,
      fileIdSequenceDecider,
      { type: 'AllocateFileIds', count },
      allocationContext,
      { cache: this.cache, schema: fileIdAllocatedSchema },
    );
    const first = allocated.ok
      ? (allocated.events[0] as { data: { first: number } } | undefined)?.data.first
      : undefined;
    if (first === undefined) throw new Error('file id allocation wrote no id');
    return first;
  }

  /** The record's state (for reads that must not wait for the read model). */
  async state(pk: number): Promise<FileState> {
    return (await loadState(this.store, fileStream(pk), fileDecider, this.cache)).state;
  }

  /**
   * Checks a file's bytes; the sniffed type and its analysis when they may be stored, else the refusal.
   * `usedBytes` is what the owner already stores (plus earlier files of the same upload).
   */
  private async check(
    target: FileTarget,
    bytes: Buffer,
    usedBytes: number,
  ): Promise<{ ok: true; type: SniffedType; analysis: Analysis } | { ok: false; reason: UploadRefusal }> {
    const sniffed = sniffContentType(bytes);
    const refusal = checkUpload({ ...target, size: bytes.length, sniffed, usedBytes, limits: this.limits });
    if (refusal !== null || sniffed === null) return { ok: false, reason: refusal ?? 'unknown format' };
    const analysis = await analyseFile(bytes, sniffed);
    if (analysis === null) return { ok: false, reason: 'unknown format' };
    return { ok: true, type: sniffed, analysis };
  }

  /** POST /upload: every file is checked first; one refusal refuses the whole upload, storing nothing. */
  async uploadMultipart(
    ownerPk: number,
    target: FileTarget,
    files: readonly { filename: string; bytes: Buffer }[],
    context: CommandContext,
  ): Promise<UploadResult> {
    let used = this.dependencies.usedBytes(ownerPk);
    const checked: { filename: string; bytes: Buffer; type: SniffedType; analysis: Analysis }[] = [];
    for (const file of files) {
      const filename = sanitizeFilename(file.filename);
      if (filename === null) return { ok: false, reason: 'filename', filename: file.filename };
      const result = await this.check(target, file.bytes, used);
      if (!result.ok) return { ok: false, reason: result.reason, filename };
      used += file.bytes.length;
      checked.push({ filename, bytes: file.bytes, type: result.type, analysis: result.analysis });
    }
    const first = await this.allocate(checked.length, context);
    const stored: number[] = [];
    let position = 0;
    try {
      for (const [index, file] of checked.entries()) {
        const pk = first + index;
        await this.storeBytes(pk, file.bytes, file.type, file.analysis);
        stored.push(pk);
        const uploaded = await this.command(
          pk,
          {
            type: 'RecordUpload',
            uploaded: {
              pk,
              filename: file.filename,
              ownerPk,
              ...target,
              storageKey: fileKey(pk),
              contentType: file.type,
              size: file.bytes.length,
              sha256: sha256(file.bytes),
              uploadedAt: context.now.toISOString(),
              via: 'multipart',
            },
          },
          context,
        );
        if (!uploaded.ok) throw new Error(`file ${pk}: ${uploaded.rejection.rejected}`);
        position = await this.recordAnalysis(pk, file.analysis, context);
      }
    } catch (error) {
      // Nothing half-stored: remove the bytes of every file of this upload whose record is not complete.
      for (const pk of stored) await this.removeBytes(pk).catch(() => undefined);
      throw error;
    }
    await this.dependencies.caughtUp(position);
    return { ok: true, pks: checked.map((_, index) => first + index), position };
  }

  private async storeBytes(pk: number, bytes: Buffer, type: SniffedType, analysis: Analysis): Promise<void> {
    await this.storage.put(fileKey(pk), bytes, type);
    if (analysis.thumbnail) await this.storage.put(thumbnailKey(pk), analysis.thumbnail, 'image/jpeg');
  }

  private async removeBytes(pk: number): Promise<void> {
    await this.storage.delete(fileKey(pk));
    await this.storage.delete(thumbnailKey(pk));
  }

  private async recordAnalysis(pk: number, analysis: Analysis, context: CommandContext): Promise<number> {
    const result = await this.command(
      pk,
      {
        type: 'RecordAnalysis',
        pk,
        info: analysis.info,
        thumbnailKey: analysis.thumbnail ? thumbnailKey(pk) : null,
      },
      context,
    );
    if (!result.ok) throw new Error(`file ${pk} analysis: ${result.rejection.rejected}`);
    return result.position;
  }

  /** POST /s3/prepare/upload: a pending record and an upload address per file name. */
  async prepareDirect(
    ownerPk: number,
    target: FileTarget,
    filenames: readonly string[],
    context: CommandContext,
  ): Promise<
    | { ok: true; s3list: { pk: number; uploadUrl: string }[] }
    | { ok: false; reason: UploadRefusal; filename: string }
  > {
    const names: string[] = [];
    for (const name of filenames) {
      const filename = sanitizeFilename(name);
      if (filename === null) return { ok: false, reason: 'filename', filename: name };
      names.push(filename);
    }
    if (this.dependencies.usedBytes(ownerPk) >= this.limits.userQuotaBytes)
      return { ok: false, reason: 'quota', filename: names[0] ?? '' };
    const first = await this.allocate(names.length, context);
    const s3list: { pk: number; uploadUrl: string }[] = [];
    let position = 0;
    for (const [index, filename] of names.entries()) {
      const pk = first + index;
      const prepared = await this.command(
        pk,
        {
          type: 'PrepareUpload',
          prepared: {
            pk,
            filename,
            ownerPk,
            ...target,
            preparedAt: context.now.toISOString(),
            storageKey: fileKey(pk),
          },
        },
        context,
      );
      if (!prepared.ok) throw new Error(`file ${pk}: ${prepared.rejection.rejected}`);
      position = prepared.position;
      const upload = await this.storage.directUploadTarget(fileKey(pk), {
        expiresInSeconds: DIRECT_UPLOAD_EXPIRES_SECONDS,
        now: context.now,
      });
      s3list.push({ pk, uploadUrl: upload.url });
    }
    await this.dependencies.caughtUp(position);
    return { ok: true, s3list };
  }

  /**
   * The local adapter's PUT: the pending file a token was issued for and the largest body it may send,
   * or null when the token is forged or expired or the upload is no longer pending.
   */
  async directPutTarget(token: string, now: Date): Promise<{ pk: number; maxBytes: number } | null> {
    const storage = this.storage as Partial<LocalFileStorage>;
    const key = storage.verifyUploadToken?.(token, now) ?? null;
    const pk = key === null ? null : pkOfKey(key);
    if (pk === null) return null;
    const state = await this.state(pk);
    if (state.status !== 'pending') return null;
    return { pk, maxBytes: sizeCapFor(state.prepared.objname, this.limits) };
  }

  /** Stores a direct PUT's bytes if they pass the checks that need no quota; refused bytes are not kept. */
  async storeDirectPut(pk: number, bytes: Buffer): Promise<UploadRefusal | null> {
    const state = await this.state(pk);
    if (state.status !== 'pending') return 'forbidden';
    const sniffed = sniffContentType(bytes);
    const refusal = checkUpload({
      ...state.prepared,
      size: bytes.length,
      sniffed,
      usedBytes: 0,
      limits: this.limits,
    });
    if (refusal !== null || sniffed === null) return refusal ?? 'unknown format';
    await this.storage.put(fileKey(pk), bytes, sniffed);
    return null;
  }

  /**
   * POST /s3/update/upload/done: checks each finished upload's bytes where the browser left them. Stored
   * and recorded when they pass; removed and the record ended ('refused') when they do not; left pending
   * (for a later call or the sweep) when nothing arrived yet.
   */
  async finishDirect(
    actorPk: number,
    pks: readonly number[],
    context: CommandContext,
  ): Promise<Map<number, 'ok' | 'missing' | UploadRefusal | FileRejection>> {
    const results = new Map<number, 'ok' | 'missing' | UploadRefusal | FileRejection>();
    let position = 0;
    let used = this.dependencies.usedBytes(actorPk);
    for (const pk of pks) {
      const state = await this.state(pk);
      if (state.status === 'stored' && state.file.ownerPk === actorPk) {
        results.set(pk, 'ok');
        continue;
      }
      if (state.status !== 'pending') {
        results.set(pk, 'notfound');
        continue;
      }
      if (state.prepared.ownerPk !== actorPk) {
        results.set(pk, 'forbidden');
        continue;
      }
      const bytes = await this.storage.get(fileKey(pk));
      if (bytes === null) {
        results.set(pk, 'missing');
        continue;
      }
      const checked = await this.check(state.prepared, bytes, used);
      if (!checked.ok) {
        await this.removeBytes(pk);
        const refused = await this.command(pk, { type: 'RefuseUpload', pk }, context);
        if (refused.ok) position = refused.position;
        results.set(pk, checked.reason);
        continue;
      }
      used += bytes.length;
      if (checked.analysis.thumbnail)
        await this.storage.put(thumbnailKey(pk), checked.analysis.thumbnail, 'image/jpeg');
      const { preparedAt: _preparedAt, ...prepared } = state.prepared;
      const uploaded = await this.command(
        pk,
        {
          type: 'RecordUpload',
          uploaded: {
            ...prepared,
            contentType: checked.type,
            size: bytes.length,
            sha256: sha256(bytes),
            uploadedAt: context.now.toISOString(),
            via: 'direct',
          },
        },
        context,
      );
      if (!uploaded.ok) {
        results.set(pk, uploaded.rejection.rejected);
        continue;
      }
      position = await this.recordAnalysis(pk, checked.analysis, context);
      results.set(pk, 'ok');
    }
    await this.dependencies.caughtUp(position);
    return results;
  }

  /** POST /s3/delete: all or nothing; each file only by its owner or staff. */
  async delete(
    actorPk: number,
    actorIsStaff: boolean,
    pks: readonly number[],
    context: CommandContext,
  ): Promise<{ ok: true } | { ok: false; reason: FileRejection }> {
    for (const pk of pks) {
      const decided = fileDecider.decide(
        { type: 'DeleteFile', pk, actorPk, actorIsStaff },
        await this.state(pk),
        context.now,
      );
      if ('rejected' in decided) return { ok: false, reason: decided.rejected };
    }
    let position = 0;
    for (const pk of pks) {
      const result = await this.command(pk, { type: 'DeleteFile', pk, actorPk, actorIsStaff }, context);
      if (!result.ok) return { ok: false, reason: result.rejection.rejected };
      position = result.position;
      // The record says deleted first: if removing the bytes fails, they are unreachable, never shown.
      await this.removeBytes(pk);
    }
    await this.dependencies.caughtUp(position);
    return { ok: true };
  }

  /** Ends the pending uploads older than a day and removes whatever bytes they left. */
  async sweepUnfinished(pendingPks: readonly number[], context: CommandContext): Promise<number[]> {
    const swept: number[] = [];
    let position = 0;
    for (const pk of pendingPks) {
      const result = await this.command(pk, { type: 'SweepUnfinished', pk }, context);
      if (!result.ok) continue;
      position = result.position;
      await this.removeBytes(pk);
      swept.push(pk);
    }
    if (swept.length > 0) await this.dependencies.caughtUp(position);
    return swept;
  }
}
