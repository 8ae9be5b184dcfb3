import path from 'node:path';
import { fileURLToPath } from 'node:url';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssetsPlugin } from './compress-assets-plugin.ts';
import { linguiMacroPlugin } from './lingui-macro-plugin.ts';
import { preloadCatalogPlugin } from './preload-catalog-plugin.ts';
import { startupCatalogPlugin } from './startup-catalog-plugin.ts';

// In a monorepo Lingui cannot be trusted to find its config from the process's working directory
// (tests and builds run from the repository root), so both the macro and the catalog plugin get it
// explicitly, and the macro gets the imported plugin function rather than a package name.
const webDir = path.dirname(fileURLToPath(import.meta.url));
const linguiConfigPath = path.join(webDir, 'lingui.config.ts');
const linguiConfig = getConfig({ cwd: webDir, configPath: linguiConfigPath });

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  root: webDir,
  plugins: [
    react(),
    linguiMacroPlugin([[linguiMacro, { linguiConfig }]]),
    lingui({ cwd: webDir, configPath: linguiConfigPath }),
    startupCatalogPlugin({
      linguiConfig,
      entries: ['src/main.tsx', 'src/app/startup-pages.ts'],
      withDynamicImports: ['src/app/startup-pages.ts'],
    }),
    preloadCatalogPlugin('/src/locales/zh-Hant/messages.po?startup'),
    compressAssetsPlugin(),
  ],
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: path.join(webDir, 'dist'),
    emptyOutDir: true,
    // The bench reads it to find what the login page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk (Rolldown merges it into the entry): it
        // used to be split into 15 small chunks shared with the pages, each one more request before the
        // first paint, 6 at a time over HTTP/1.1.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});
