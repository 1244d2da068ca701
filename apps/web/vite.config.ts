import { readFile } from 'node:fs/promises';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isStringGroup, pickStringGroup } from './src/lib/string-groups.ts';

/**
 * `locales/<code>.json?group=<group>` is the part of a language file that one string group holds
 * (src/lib/string-groups.ts), so each part is its own chunk, built like any imported JSON file.
 */
function splitLanguageFiles(): Plugin {
  return {
    name: 'parla-split-language-files',
    enforce: 'pre',
    async load(id) {
      const match = /^(.*[\\/]src[\\/]locales[\\/][\w-]+\.json)\?group=([\w-]+)$/.exec(id);
      if (!match) return null;
      const [, file = '', group = ''] = match;
      if (!isStringGroup(group)) this.error(`Unknown string group "${group}" in ${id}`);
      this.addWatchFile(file);
      const translations: Record<string, string> = JSON.parse(await readFile(file, 'utf8'));
      return { code: JSON.stringify(pickStringGroup(translations, group)), moduleType: 'json' };
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

const apiTarget = process.env.PARLA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [splitLanguageFiles(), react(), tailwindcss(), preloadEnglish()],
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
  },
});
