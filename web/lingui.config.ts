import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// zh-Hant is the source language of the UI; English is the switchable alternative.
// The Vite plugin compiles the .po catalogs on the fly, so there is no `lingui compile` step.
export default defineConfig({
  sourceLocale: 'zh-Hant',
  locales: ['zh-Hant', 'en'],
  fallbackLocales: { default: 'zh-Hant' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
