// The upload rules (documents 2 and 3: upload and search picker), pure so they are unit-tested alone:
// which objects take files and of what type, the content type sniffed from the bytes (never the
// client's word), file names, size caps and the per-user quota.

/** The objects a file belongs to: a print project, a workshop form, a stock purchase's receipts. */
export const FILE_OBJECT_NAMES = ['printproject', 'workshopform', 'stockreceipt'] as const;
export type FileObjectName = (typeof FILE_OBJECT_NAMES)[number];

/** What a print-project file is: 1 source pages, 10 self-made sheets, 11 adjusted alignment image. */
export const FILE_APPLICATIONS = [1, 10, 11] as const;
export type FileApplication = (typeof FILE_APPLICATIONS)[number];

export const SNIFFED_TYPES = ['image/jpeg', 'image/png', 'image/tiff', 'application/pdf'] as const;
export type SniffedType = (typeof SNIFFED_TYPES)[number];

/**
 * Why an upload is refused. 'unknown format' is the spec's (a type the object does not take); the others
 * are ours (the spec shows them all as 'upload failed, unknown reason').
 */
export type UploadRefusal = 'unknown format' | 'empty' | 'toolarge' | 'quota' | 'filename' | 'forbidden';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The type the bytes are, from their magic numbers; null for anything else (an executable, text, ...). */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'image/tiff';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** Images everywhere; PDF only for a print project's source pages and self-made sheets. */
export function acceptsType(
  objname: FileObjectName,
  application: FileApplication,
  type: SniffedType,
): boolean {
  if (type !== 'application/pdf') return true;
  return objname === 'printproject' && (application === 1 || application === 10);
}

export interface FileLimits {
  printMaxBytes: number;
  photoMaxBytes: number;
  userQuotaBytes: number;
}

/** Print pages may be large (200 MB by default); photos and receipts are capped lower (20 MB). */
export const sizeCapFor = (objname: FileObjectName, limits: FileLimits): number =>
  objname === 'printproject' ? limits.printMaxBytes : limits.photoMaxBytes;

/** Longest file name kept, in characters (most file systems take 255 bytes). */
export const MAX_FILENAME_LENGTH = 120;

/**
 * The name shown and used in zip downloads, or null when the name must be refused: a path (any '/' or
 * '\\', '.' or '..'), control characters, or nothing left after trimming. Otherwise Unicode NFC, runs
 * of white space as one space, trimmed, and cut to MAX_FILENAME_LENGTH keeping the extension.
 */
export function sanitizeFilename(name: string): string | null {
  const normalized = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[/\\\u0000-\u001f\u007f]/.test(normalized)) return null;
  if (normalized === '' || normalized === '.' || normalized === '..' || normalized.startsWith('..'))
    return null;
  const characters = [...normalized];
  if (characters.length <= MAX_FILENAME_LENGTH) return normalized;
  const dot = normalized.lastIndexOf('.');
  const extension = dot > 0 && normalized.length - dot <= 10 ? normalized.slice(dot) : '';
  return characters.slice(0, MAX_FILENAME_LENGTH - [...extension].length).join('') + extension;
}

/**
 * The first refusal of one file's bytes, or null when they may be stored: empty, over the cap, a type the
 * bytes are not (or the object does not take), over the owner's quota (`usedBytes` already stored).
 */
export function checkUpload(input: {
  objname: FileObjectName;
  application: FileApplication;
  size: number;
  sniffed: SniffedType | null;
  usedBytes: number;
  limits: FileLimits;
}): UploadRefusal | null {
  if (input.size === 0) return 'empty';
  if (input.size > sizeCapFor(input.objname, input.limits)) return 'toolarge';
  if (input.sniffed === null || !acceptsType(input.objname, input.application, input.sniffed))
    return 'unknown format';
  if (input.usedBytes + input.size > input.limits.userQuotaBytes) return 'quota';
  return null;
}

/** Zip entry names: each sanitised name once; a repeated name gets ' (2)', ' (3)', ... before its extension. */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const safe = sanitizeFilename(name) ?? 'file';
    let candidate = safe;
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
