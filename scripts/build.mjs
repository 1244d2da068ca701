// Builds what is out of date: the web app (Vite) and the server bundle (esbuild).
// `--force` rebuilds everything. Used by `npm start`, `npm test` and `npm run bench`.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');

function listFiles(path) {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'dist' ? [] : listFiles(join(path, entry.name)),
  );
}

/** A fingerprint of the inputs: paths, sizes and modification times. */
function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => listFiles(join(root, input))).sort()) {
    const stat = statSync(file);
    hash.update(`${relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Brotli and gzip copies beside each text asset, so the server sends them without compressing per request. */
function precompress(dir) {
  for (const file of listFiles(dir)) {
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

async function buildIfStale(name, { inputs, stampFile, build }) {
  const stampPath = join(root, stampFile);
  const current = fingerprint(inputs);
  if (!force && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === current) return;
  const started = performance.now();
  await build();
  writeFileSync(stampPath, current);
  console.log(`built ${name} in ${Math.round(performance.now() - started)} ms`);
}

const sharedInputs = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/src',
  'packages/shared/package.json',
];

await buildIfStale('web app', {
  inputs: [
    ...sharedInputs,
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/vite-plugins',
    'apps/web/package.json',
  ],
  stampFile: 'apps/web/dist/.build-stamp',
  async build() {
    const { build } = await import('vite');
    await build({ root: join(root, 'apps/web'), configFile: join(root, 'apps/web/vite.config.ts'), logLevel: 'warn' });
    precompress(join(root, 'apps/web/dist'));
  },
});

await buildIfStale('server', {
  inputs: [
    ...sharedInputs,
    'packages/content/src',
    'packages/content/package.json',
    'apps/server/src',
    'apps/server/package.json',
  ],
  stampFile: 'apps/server/dist/.build-stamp',
  async build() {
    const esbuild = await import('esbuild');
    // npm packages stay in node_modules; only the workspace packages (TypeScript source) are bundled.
    const dependencyNames = ['apps/server', 'packages/shared', 'packages/content'].flatMap((dir) =>
      Object.keys(JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).dependencies ?? {}),
    );
    const external = [...new Set(dependencyNames)].filter((name) => !name.startsWith('@parla/'));
    await esbuild.build({
      entryPoints: [join(root, 'apps/server/src/main.ts')],
      outfile: join(root, 'apps/server/dist/main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      external: [...external, ...external.map((name) => `${name}/*`)],
      logLevel: 'warning',
    });
    const migrations = join(root, 'apps/server/dist/migrations');
    rmSync(migrations, { recursive: true, force: true });
    cpSync(join(root, 'apps/server/src/db/migrations'), migrations, { recursive: true });
  },
});
