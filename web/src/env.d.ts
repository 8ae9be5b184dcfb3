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
}
