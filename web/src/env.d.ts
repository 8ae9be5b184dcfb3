// Module shapes that Vite provides at build time (the web project uses no ambient `vite/client` types).

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.css';
