// Module shapes that Vite provides at build time (the web project uses no ambient `vite/client` types).

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.css';

// Vite replaces these at build time; `DEV` is false in the production build, so code behind it (the
// contract check of web/src/shared/api) is dropped from the bundle.
interface ImportMetaEnv {
  readonly DEV: boolean;
  readonly PROD: boolean;
  readonly MODE: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
  /** Vite's glob import (web/src/shared/content reads the information pages' files with it). */
  glob<T>(pattern: string, options: { query: string; import: string; eager: true }): Record<string, T>;
}

// The start-up part of a catalog (web/startup-catalog-plugin.ts).
declare module '*.po?startup' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
