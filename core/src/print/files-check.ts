// Checks of the files an imposition is started with (document 2, imposition validation): they must still
// exist and belong to the project; in double-sided book mode there must be a multiple of 4 of them, all
// of one width and height. Duplicate file names only warn.
import type { SettingsProblem } from './settings.ts';

export interface SelectedFile {
  pk: number;
  filename: string;
  objpk: number;
  application: number;
  contentType: string | null;
  width: number | null;
  height: number | null;
}

export type FilesProblem = 'nofiles' | 'mixedsizes' | Extract<SettingsProblem, 'multipleof4'>;

export function checkSelectedFiles(input: {
  projectPk: number;
  s3pklist: readonly number[];
  /** The selected files that are still stored (others are missing). */
  found: ReadonlyMap<number, SelectedFile>;
  doubleSided: boolean;
}): { ok: true; files: SelectedFile[]; duplicateNames: string[] } | { ok: false; problem: FilesProblem } {
  const files: SelectedFile[] = [];
  for (const pk of input.s3pklist) {
    const file = input.found.get(pk);
    if (!file || file.objpk !== input.projectPk || file.application !== 1)
      return { ok: false, problem: 'nofiles' };
    files.push(file);
  }
  if (files.length === 0) return { ok: false, problem: 'nofiles' };
  if (input.doubleSided) {
    if (files.length % 4 !== 0) return { ok: false, problem: 'multipleof4' };
    const [first] = files;
    if (files.some((file) => file.width !== first?.width || file.height !== first?.height))
      return { ok: false, problem: 'mixedsizes' };
  }
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const file of files) {
    const name = file.filename.toLowerCase();
    if (seen.has(name)) duplicates.add(file.filename);
    seen.add(name);
  }
  return { ok: true, files, duplicateNames: [...duplicates] };
}
