import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { INTERFACE_LANGUAGES } from '../../../packages/shared/src/languages.ts';

const SOURCE = '/src/boot/boot.ts';
const ENTRY = fileURLToPath(new URL(`..${SOURCE}`, import.meta.url));

/**
 * src/boot/boot.ts is the page's first script: a classic script in <head> (index.html loads it with
 * `vite-ignore`, so Vite leaves the tag to this plugin), bundled on its own with esbuild into one
 * small file without React. The build emits it as a hashed asset (cached like the others) and points
 * index.html at it; the dev server bundles it on each request.
 */
export function bootScript(): Plugin {
  // Which interface languages are written right to left, from packages/shared's catalogue: the boot
  // script needs only these codes, not the catalogue.
  const define = {
    __PARLA_RTL_LANGUAGES__: JSON.stringify(
      INTERFACE_LANGUAGES.filter((language) => language.rtl).map((language) => language.code),
    ),
  };
  let command: 'build' | 'serve' = 'serve';
  let target: string | string[] = 'es2022';
  let fileName = '';

  async function bundle(): Promise<string> {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      format: 'iife',
      minify: command === 'build',
      target,
      charset: 'utf8',
      legalComments: 'none',
      define,
      logLevel: 'warning',
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error('boot script: esbuild wrote nothing');
    return output.text;
  }

  return {
    name: 'parla-boot-script',
    config: () => ({ define }),
    configResolved(config) {
      command = config.command;
      const buildTarget = config.build.target;
      if (typeof buildTarget === 'string' && buildTarget !== 'modules') target = buildTarget;
      else if (Array.isArray(buildTarget)) target = buildTarget;
    },
    configureServer(server) {
      server.middlewares.use(SOURCE, (_request, response, next) => {
        bundle().then((code) => {
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.setHeader('Cache-Control', 'no-cache');
          response.end(code);
        }, next);
      });
    },
    async buildStart() {
      if (command !== 'build') return;
      this.addWatchFile(ENTRY);
      const code = await bundle();
      fileName = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (command !== 'build') return html;
        const tag = `src="${SOURCE}"`;
        if (!html.includes(tag)) throw new Error(`index.html must load the boot script with <script ${tag} vite-ignore>`);
        return html.replace(tag, `src="/${fileName}"`);
      },
    },
  };
}
