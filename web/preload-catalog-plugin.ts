// Adds a modulepreload link for the source language's start-up catalog to index.html. The catalog is loaded by a
// dynamic import (i18n.ts), which Vite does not preload, so its request used to start only once the entry
// had run; most visitors read zh-Hant, and the first paint waits for it.
import type { Plugin } from 'vite';

export function preloadCatalogPlugin(catalogPath: string): Plugin {
  return {
    name: 'club:preload-catalog',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(catalogPath),
        );
        if (chunk === undefined) throw new Error(`no chunk for the catalog ${catalogPath}`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
