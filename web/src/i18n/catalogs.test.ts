import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';

// Keeps the catalogs honest: every message in the source code is in both catalogs (run
// `npm run i18n:extract` after changing texts), nothing stale is left, and every English entry is
// translated with the same placeholders and tags as the Chinese source.

// The web project has no Node types, so the path is taken from the module URL (POSIX paths only).
const webDir = decodeURIComponent(new URL('../..', import.meta.url).pathname).replace(/\/$/, '');
const config = getConfig({ cwd: webDir, configPath: `${webDir}/lingui.config.ts` });

/** Placeholders such as {name} and rich-text tags such as <0> and </0>, sorted. */
const markers = (text: string): string[] =>
  [...text.matchAll(/\{[^{}]+\}|<\/?\d+\/?>/g)].map((m) => m[0]).sort();

async function loadCatalogs() {
  const [catalog] = await getCatalogs(config);
  if (catalog === undefined) throw new Error('lingui.config.ts defines no catalog');
  const extracted = (await catalog.collect()) ?? {};
  const source = await catalog.read('zh-Hant');
  const english = await catalog.read('en');
  return { extracted, source, english };
}

describe('translation catalogs', () => {
  it('hold exactly the messages of the source code, translated into English', async () => {
    const { extracted, source, english } = await loadCatalogs();
    const codeIds = Object.keys(extracted).sort();
    expect(codeIds.length).toBeGreaterThan(50);
    expect(Object.keys(source).sort(), 'zh-Hant catalog out of date: run npm run i18n:extract').toEqual(
      codeIds,
    );
    expect(Object.keys(english).sort(), 'en catalog out of date: run npm run i18n:extract').toEqual(codeIds);

    const untranslated = Object.entries(english)
      .filter(([, entry]) => !entry.translation?.trim())
      .map(([id, entry]) => entry.message ?? id);
    expect(untranslated, 'English translations missing').toEqual([]);
  }, 60_000);

  it('keep the placeholders and tags of the source text in English', async () => {
    const { source, english } = await loadCatalogs();
    const mismatched = Object.entries(english)
      .filter(([id, entry]) => {
        const original = source[id]?.translation || source[id]?.message || '';
        return markers(original).join() !== markers(entry.translation ?? '').join();
      })
      .map(([id]) => id);
    expect(mismatched).toEqual([]);
  }, 60_000);

  it('use one English term for each thing (the catalog review of issue 8)', async () => {
    const { english } = await loadCatalogs();
    // The word to avoid, and the term the portal uses instead.
    const avoided: [RegExp, string][] = [
      [/apply for members\b/i, 'Apply for membership'],
      [/\bbags?\b/i, 'pouch (a cash pouch)'],
      [/\be-mail\b/i, 'email'],
      [/\bphone number\b/i, 'mobile number'],
      [/\bmembership fee\b/i, 'member fee'],
      [/\b(officers?|cadres?)\b/i, 'staff'],
      [/\bsign(ed)? out\b/i, 'log out'],
    ];
    const offending = Object.values(english).flatMap((entry) =>
      avoided
        .filter(([pattern]) => pattern.test(entry.translation ?? ''))
        .map(([, instead]) => `"${entry.translation}": use ${instead}`),
    );
    expect(offending).toEqual([]);
  }, 60_000);
});
