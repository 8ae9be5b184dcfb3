// Runs the Lingui macro (a Babel plugin) over the app's own modules that import it. A few lines instead of
// @rolldown/plugin-babel, whose every release declares Node >= 22.12 while this project runs on Node 20.
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

type BabelPlugin = NonNullable<Parameters<typeof transformAsync>[1]>['plugins'];

export function linguiMacroPlugin(plugins: BabelPlugin): Plugin {
  return {
    name: 'club:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      // Only source files that use a Lingui macro need Babel; everything else stays on the fast path.
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || !code.includes('/macro'))
        return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins,
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
