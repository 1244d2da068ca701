import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isStringGroup, pickStringGroup } from './src/lib/string-groups.ts';
import { bootScript } from './vite-plugins/boot-script.ts';
import { landingStyles } from './vite-plugins/landing-styles.ts';

/**
 * `locales/<code>.json?group=<group>` is the part of a language file that one string group holds
 * (src/lib/string-groups.ts), as a Lingui compiled catalogue: each ICU message ("{count, plural, one
 * {# day} other {# days}}") parsed at build time, so the browser ships only Lingui's small runtime and
 * never a message parser (docs/decisions/016-translations.md). Each part is its own chunk. A message
 * that does not parse fails the build, naming the file and key.
 */
function compileLanguageFiles(): Plugin {
  return {
    name: 'parla-compile-language-files',
    enforce: 'pre',
    async load(id) {
      const match = /^(.*[\\/]src[\\/]locales[\\/][\w-]+\.json)\?group=([\w-]+)$/.exec(id);
      if (!match) return null;
      const [, file = '', group = ''] = match;
      if (!isStringGroup(group)) this.error(`Unknown string group "${group}" in ${id}`);
      this.addWatchFile(file);
      const messages: Record<string, string> = JSON.parse(await readFile(file, 'utf8'));
      const compiled = Object.entries(pickStringGroup(messages, group)).map(([key, message]) => {
        try {
          return [key, compileMessageOrThrow(message)];
        } catch (error) {
          return this.error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
        }
      });
      return { code: JSON.stringify(Object.fromEntries(compiled)), moduleType: 'json' };
    },
  };
}

/**
 * English is always loaded first (it is the fallback), and the first paint waits for its core
 * strings: let the browser fetch that chunk alongside the entry script instead of after it.
 */
function preloadEnglish(): Plugin {
  return {
    name: 'parla-preload-english',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (item) =>
            item.type === 'chunk' && item.facadeModuleId?.replaceAll('\\', '/').endsWith('/src/locales/en.json?group=core'),
        );
        return chunk
          ? [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` }, injectTo: 'head' }]
          : [];
      },
    },
  };
}

/**
 * Chunks behind an account. A phone on a slow network pays a round trip for each request, and the
 * default splitting made ~25 small ones before the dashboard could show. So the API's code (the
 * client, zod and the shared schemas, also used by the landing's forms) is one chunk, the
 * account's common code (session, query cache, the signed-in frame, the UI pieces its screens
 * share) another, the icons outside the landing's first load a third, and each screen stays its
 * own. A module the landing's first load contains is never moved: the landing would then import
 * these chunks (DESIGN §6).
 */
const API_MODULES =
  /[\\/](node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/]|apps[\\/]web[\\/]src[\\/](lib[\\/]api-client|config[\\/]env)\.ts)/;
const ACCOUNT_MODULES =
  /[\\/](node_modules[\\/]@tanstack[\\/]|apps[\\/]web[\\/]src[\\/](features[\\/](auth[\\/]api[\\/]auth-api|notifications[\\/]api[\\/]get-unread-count)|lib[\\/](auth[\\/]|query-client|get-courses)|components[\\/]ui[\\/](chip|page-header|progress-bar|retry-panel|stat-card)|app[\\/](shell[\\/]|routes[\\/]account[\\/]account-layout)))/;
const ICON_MODULES = /[\\/]node_modules[\\/]lucide-react[\\/]/;

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/** Whether the entry imports the module, directly or not, without a dynamic import on the way. */
function inFirstLoad(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  const info = graph.getModuleInfo(id);
  if (!info) return false;
  if (info.isEntry) return true;
  seen.add(id);
  return info.importers.some((importer) => !seen.has(importer) && inFirstLoad(importer, graph, seen));
}

function accountChunkOf(id: string, graph: ModuleGraph): string | null {
  const chunk = API_MODULES.test(id) ? 'api' : ACCOUNT_MODULES.test(id) ? 'account' : ICON_MODULES.test(id) ? 'icons' : null;
  return chunk && !inFirstLoad(id, graph) ? chunk : null;
}

const apiTarget = process.env.PARLA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [compileLanguageFiles(), react(), tailwindcss(), preloadEnglish(), bootScript(), landingStyles()],
  // `@/…` is src/… (tsconfig.json's paths say the same to TypeScript): the spelling for an import that
  // leaves its feature or folder. A regular expression, so that `@parla/…` and `@tanstack/…` stay packages.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: accountChunkOf, debugName: 'account chunks', includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
