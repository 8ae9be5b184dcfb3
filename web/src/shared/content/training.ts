// The fixed training rows (document 1, section 9), from web/content/training.json.
import type { AppLocale } from '../../i18n/locale';
import { rawJsonContent } from './content';

type Localized = Record<AppLocale, string>;

export interface TrainingDocument {
  title: Localized;
  url: string;
}

/** One training: kind 暗房 (darkroom) or 數暗 (digital darkroom), fee, hours, test and documents. */
export interface TrainingRow {
  kind: '暗房' | '數暗';
  name: Localized;
  prepare: Localized;
  fee: Localized;
  device: Localized;
  /** Hours the training takes. */
  hour: number;
  test: Localized;
  documents: TrainingDocument[];
}

const isLocalized = (value: unknown): value is Localized =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Localized)['zh-Hant'] === 'string' &&
  typeof (value as Localized).en === 'string';

/** Parses and checks the file: a broken edit fails the unit test rather than the page. */
export function parseTrainingRows(text: string): TrainingRow[] {
  const parsed = JSON.parse(text) as { rows?: unknown };
  if (!Array.isArray(parsed.rows)) throw new Error('training.json: rows must be a list');
  return parsed.rows.map((row: Record<string, unknown>, index) => {
    const where = `training.json row ${index + 1}`;
    if (row.kind !== '暗房' && row.kind !== '數暗') throw new Error(`${where}: kind must be 暗房 or 數暗`);
    for (const key of ['name', 'prepare', 'fee', 'device', 'test'])
      if (!isLocalized(row[key])) throw new Error(`${where}: ${key} needs zh-Hant and en`);
    if (typeof row.hour !== 'number' || row.hour <= 0) throw new Error(`${where}: hour must be a number`);
    const documents = row.documents ?? [];
    if (!Array.isArray(documents)) throw new Error(`${where}: documents must be a list`);
    for (const document of documents)
      if (!isLocalized(document?.title) || typeof document?.url !== 'string')
        throw new Error(`${where}: each document needs a title (zh-Hant, en) and a url`);
    return { ...(row as unknown as TrainingRow), documents: documents as TrainingDocument[] };
  });
}

export const trainingRows = (): TrainingRow[] =>
  parseTrainingRows(rawJsonContent('training') ?? '{"rows":[]}');
