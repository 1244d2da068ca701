import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * English is always loaded first (it is the fallback), and the first paint waits for it: let the
 * browser fetch its chunk alongside the entry script instead of after it.
 */
function preloadEnglish(): Plugin {
  return {
    name: 'parla-preload-english',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (item) => item.type === 'chunk' && item.facadeModuleId?.replaceAll('\\', '/').endsWith('/src/locales/en.json'),
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
  plugins: [react(), tailwindcss(), preloadEnglish()],
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
