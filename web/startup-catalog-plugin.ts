// The start-up catalog: `messages.po?startup` compiles only the messages of the modules the first paint
// can need, the entry's static imports and the start-up pages (src/app/startup-pages.ts) with theirs,
// so the login page and the member home do not wait for the whole catalog (74 KB). The modules are found
// by following the static imports from `entries`; their messages by Lingui's own extractor, so a new
// module imported by the layout or a start-up page is covered without a manual step. Every other page
// waits for the whole catalog before it renders (app-routes.tsx), so no one ever sees a message id.
import path from 'node:path';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import type { LinguiConfigNormalized } from '@lingui/conf';
import { type Plugin, parseAst } from 'vite';

const STARTUP_QUERY = '?startup';

interface ImportNode {
  type: string;
  source?: { value: unknown } | null;
  expression?: ImportNode;
  arguments?: ImportNode[];
}

/** The specifiers of a module's static imports and re-exports, plus its dynamic ones when asked for. */
export function importedSpecifiers(code: string, file: string, withDynamic: boolean): string[] {
  const program = parseAst(code, { lang: file.endsWith('x') ? 'tsx' : 'ts' }, file);
  const specifiers: string[] = [];
  for (const node of program.body as ImportNode[]) {
    const isStatic = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(
      node.type,
    );
    if (isStatic && typeof node.source?.value === 'string') specifiers.push(node.source.value);
  }
  // The start-up pages' module is a table of `() => import('...')`: its dynamic imports are start-up code.
  if (withDynamic)
    for (const match of code.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

export function startupCatalogPlugin(options: {
  linguiConfig: LinguiConfigNormalized;
  /** Source files (relative to the Vite root) whose static import closure the first paint needs. */
  entries: string[];
  /** Modules whose dynamic imports count as start-up code too (the start-up pages' table). */
  withDynamicImports: string[];
}): Plugin {
  const { linguiConfig } = options;
  let root = '';
  return {
    name: 'club:startup-catalog',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(`.po${STARTUP_QUERY}`)) return null;
      const resolved = await this.resolve(source.slice(0, -STARTUP_QUERY.length), importer, {
        skipSelf: true,
      });
      return resolved ? `${resolved.id}${STARTUP_QUERY}` : null;
    },
    async load(id) {
      if (!id.endsWith(`.po${STARTUP_QUERY}`)) return null;
      const poFile = id.slice(0, -STARTUP_QUERY.length);
      this.addWatchFile(poFile);
      const sourceDir = path.join(root, 'src');
      const files = new Set<string>();
      const dynamicFrom = new Set(options.withDynamicImports.map((file) => path.join(root, file)));
      const visit = async (file: string): Promise<void> => {
        if (files.has(file)) return;
        files.add(file);
        const code = await this.fs.readFile(file, { encoding: 'utf8' });
        this.addWatchFile(file);
        for (const specifier of importedSpecifiers(code, file, dynamicFrom.has(file))) {
          // Packages hold no messages of the app (and resolving a Lingui macro is an error).
          if (!specifier.startsWith('.')) continue;
          const resolved = await this.resolve(specifier, file);
          const target = resolved?.id.split('?')[0];
          if (target?.startsWith(sourceDir) && /\.tsx?$/.test(target)) await visit(target);
        }
      };
      for (const entry of options.entries) await visit(path.join(root, entry));

      const found = getCatalogForFile(
        path.relative(linguiConfig.rootDir ?? root, poFile),
        await getCatalogs(linguiConfig),
      );
      if (!found) throw new Error(`${poFile} is in no catalog of lingui.config.ts`);
      const used = await found.catalog.collect({ files: [...files] });
      const { messages } = await found.catalog.getTranslations(found.locale, {
        fallbackLocales: linguiConfig.fallbackLocales ?? {},
        sourceLocale: linguiConfig.sourceLocale ?? 'zh-Hant',
      });
      const startupMessages: Record<string, string> = {};
      for (const messageId of Object.keys(used ?? {})) {
        const message = messages[messageId];
        if (message === undefined) throw new Error(`message ${messageId} is missing from ${poFile}`);
        startupMessages[messageId] = message;
      }
      const { source, errors } = createCompiledCatalog(found.locale, startupMessages, { namespace: 'es' });
      if (errors.length > 0) throw new Error(`${poFile}: ${errors.length} messages do not compile`);
      return { code: source, moduleType: 'js' };
    },
  };
}
