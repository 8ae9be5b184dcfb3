// The upload calls (document 2: upload, direct upload prepare / PUT / done; delete; zip). Types come from
// the contracts (api/src/contracts/files.ts). Multipart uploads and the direct PUTs are not JSON, so they
// use fetch and XMLHttpRequest (for upload progress) here rather than the JSON client.
import type * as files from '@club/api/contracts/files';
import type { OkOf, ReplyOf } from '@club/api/contracts/shared';
import { API_BASE, CLIENT_SCOPE } from '../../../shared/api/client';
import { endpoint } from '../../../shared/api/endpoint';
import { NetworkError } from '../../../shared/api/errors';

/** Uploads give up after 95 s (document 2, section 9). */
export const UPLOAD_TIMEOUT_MS = 95_000;

export type FileRecord = OkOf<typeof files.fileRecord>['file'];
export type UploadReply = ReplyOf<typeof files.upload>;
export type UploadTarget = {
  objname: 'printproject' | 'workshopform' | 'stockreceipt';
  pk: number;
  attr?: string;
  application?: 1 | 10 | 11;
};

export const prepareUploadCall = endpoint<typeof files.prepareUpload>('POST', '/s3/prepare/upload');
export const uploadDoneCall = endpoint<typeof files.uploadDone>('POST', '/s3/update/upload/done');
export const deleteFilesCall = endpoint<typeof files.deleteFiles>('POST', '/s3/delete');
export const fileRecordCall = endpoint<typeof files.fileRecord>('GET', '/s3/:pk');

/** POST /upload with the files as multipart; refusals come back as `{ status: 'fail', reason }`. */
export async function uploadMultipart(target: UploadTarget, chosen: readonly File[]): Promise<UploadReply> {
  const form = new FormData();
  form.append('objname', target.objname);
  form.append('pk', String(target.pk));
  form.append('attr', target.attr ?? '');
  form.append('application', String(target.application ?? 1));
  for (const file of chosen) form.append('file', file, file.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  try {
    const response = await fetch(`${API_BASE}/upload`, {
      method: 'POST',
      headers: { Accept: 'application/json', Scope: CLIENT_SCOPE },
      body: form,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const body = (await response.json().catch(() => undefined)) as UploadReply | undefined;
    return body ?? { status: 'fail', reason: 'unknown' };
  } catch (error) {
    throw new NetworkError(controller.signal.aborted, error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * PUTs one file to its direct-upload address, reporting progress in bytes. The portal's own address
 * (local storage) gets the Scope header its CSRF guard asks for; a presigned S3 address gets none.
 */
export function putDirect(
  url: string,
  file: File,
  onProgress?: (loaded: number, total: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (new URL(url, window.location.href).origin === window.location.origin)
      request.setRequestHeader('Scope', CLIENT_SCOPE);
    request.upload.onprogress = (event) => onProgress?.(event.loaded, event.total);
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(`PUT ${request.status}`));
    request.onerror = () => reject(new Error('network'));
    request.ontimeout = () => reject(new Error('timeout'));
    request.send(file);
  });
}

/** POST /go/zip, saved as a download by the browser. */
export async function downloadZip(
  filename: string,
  records: readonly Pick<FileRecord, 'url' | 'filename'>[],
): Promise<void> {
  const response = await fetch(`${API_BASE}/go/zip`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Scope: CLIENT_SCOPE },
    body: JSON.stringify({
      filename,
      list: records.map((record) => ({ url: record.url, filename: record.filename })),
    }),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`zip ${response.status}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `${filename}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
