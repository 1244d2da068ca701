// `npm run bench`: measures the API against baselines taken in the same run on the same machine
// (machines here are shared and noisy, so ratios are what compare). Writes bench/RESULTS.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL;

interface Server {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Starts a server as a child process; it is stopped by its own PID, never by name. */
async function start(args: string[], readyPath: string, env: Record<string, string> = {}): Promise<Server & { startMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${readyPath}`, child);
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

interface Result {
  name: string;
  database: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  name: string,
  database: string,
  url: string,
  paths: () => string,
  headers: Record<string, string> = {},
): Promise<Result> {
  // A short warm-up so JIT and connection pools settle before the measured run.
  await autocannon({
    url,
    connections: 10,
    duration: 1,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  const row = {
    name,
    database,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  console.log(
    `${name.padEnd(34)} ${database.padEnd(10)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`,
  );
  return row;
}

const tsx = ['--import', 'tsx'];

/** One learner with a finished lesson, so the dashboard has real numbers to read. */
async function signUpLearner(url: string): Promise<Record<string, string>> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const registered = (await (
    await post('/auth/register', {
      username: `bench-${Date.now()}@example.com`,
      password: 'violet-harbour-42',
      full_name: 'Bench Learner',
    })
  ).json()) as { access_token: string };
  const auth = { authorization: `Bearer ${registered.access_token}` };
  const start = (await (await post('/lessons/greetings-1/start', undefined, auth)).json()) as { session_id: string };
  await post('/lessons/greetings-1/complete', { session_id: start.session_id }, auth);
  return auth;
}
const randomItem = () => `/items/${1 + Math.floor(Math.random() * 10_000)}`;
const results: Result[] = [];
const databases: { label: string; env: Record<string, string> }[] = [
  { label: 'PGlite', env: {} },
  ...(PG_URL ? [{ label: 'PostgreSQL', env: { BENCH_DATABASE_URL: PG_URL, DATABASE_URL: PG_URL } }] : []),
];

console.log(`Parla bench: ${CONNECTIONS} connections, ${DURATION_S} s per scenario, ${cpus().length} CPUs\n`);

const hello = await start([...tsx, 'bench/baselines/hello.ts'], '/');
results.push(await measure('baseline: Fastify hello world', '—', hello.url, () => '/'));
await hello.stop();

const startTimes: { database: string; cold: number; warm: number }[] = [];
for (const database of databases) {
  const pk = await start([...tsx, 'bench/baselines/pk-select.ts'], '/items/1', database.env);
  results.push(await measure('baseline: one primary-key select', database.label, pk.url, randomItem));
  await pk.stop();

  const dataDir = mkdtempSync(join(tmpdir(), 'parla-bench-'));
  const appEnv = { ...database.env, DATA_DIR: dataDir };
  const cold = await start(['apps/server/dist/main.js'], '/api/v1/health', appEnv);
  await cold.stop();
  const app = await start(['apps/server/dist/main.js'], '/api/v1/health', appEnv);
  startTimes.push({ database: database.label, cold: cold.startMs, warm: app.startMs });
  results.push(await measure('GET /api/v1/health', database.label, app.url, () => '/api/v1/health'));
  const learner = await signUpLearner(app.url);
  results.push(await measure('GET /api/v1/dashboard (signed in)', database.label, app.url, () => '/api/v1/dashboard', learner));
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Lighthouse (mobile, the default profile) on the real built server with the embedded database. */
async function lighthouse(
  paths: string[],
): Promise<{ path: string; performance: number; accessibility: number; lcp: string; cls: string; tbt: string }[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parla-bench-lh-'));
  const app = await start(['apps/server/dist/main.js'], '/api/v1/health', { DATA_DIR: dataDir });
  const rows = [];
  try {
    for (const path of paths) {
      const output = join(dataDir, 'report.json');
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            join(ROOT, 'node_modules/lighthouse/cli/index.js'),
            `${app.url}${path}`,
            '--quiet',
            '--only-categories=performance,accessibility',
            '--output=json',
            `--output-path=${output}`,
            '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic',
          ],
          { cwd: ROOT, env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit' },
        );
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}`))));
      });
      const report = JSON.parse(readFileSync(output, 'utf8'));
      const row = {
        path,
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        lcp: report.audits['largest-contentful-paint'].displayValue,
        cls: report.audits['cumulative-layout-shift'].displayValue,
        tbt: report.audits['total-blocking-time'].displayValue,
      };
      console.log(`lighthouse ${path}: performance ${row.performance}, accessibility ${row.accessibility}, LCP ${row.lcp}`);
      rows.push(row);
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** Lesson generation in-process: the median and p99 over 500 lessons of every course (budget ≤ 20 ms median). */
async function generationTimes(): Promise<{ median: number; p99: number; count: number }> {
  const { loadContentBank } = await import('../packages/content/src/load-content');
  const { generateLesson } = await import('../apps/server/src/modules/lessons/lesson-generator');
  const { TARGET_LANGUAGES } = await import('../packages/shared/src/content.schema');
  const bank = loadContentBank();
  const lessons = [...bank.lessonsById.values()];
  const times: number[] = [];
  for (let index = 0; index < 500; index++) {
    const lesson = lessons[index % lessons.length];
    const course = TARGET_LANGUAGES[index % TARGET_LANGUAGES.length];
    if (!lesson || !course) continue;
    const started = performance.now();
    generateLesson({ bank, lesson, course, native: course === 'es' ? 'fr' : 'en', seed: index });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 100) / 100;
  return { median: at(0.5), p99: at(0.99), count: times.length };
}

const generation = await generationTimes();
console.log(`lesson generation: median ${generation.median} ms, p99 ${generation.p99} ms over ${generation.count}`);

const lighthouseRows = existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium') ? await lighthouse(['/', '/privacy']) : [];
const helloRps = results[0]?.rps ?? 1;
const baselineFor = (database: string) =>
  results.find((row) => row.name.includes('primary-key') && row.database === database)?.rps;
const percent = (value: number, base: number | undefined) => (base ? `${Math.round((value / base) * 100)} %` : '—');

const assetsDir = join(ROOT, 'apps/web/dist/assets');
const chunks = readdirSync(assetsDir)
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => {
    const content = readFileSync(join(assetsDir, file));
    return { file, raw: statSync(join(assetsDir, file)).size, gzip: gzipSync(content, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const indexHtml = readFileSync(join(ROOT, 'apps/web/dist/index.html'), 'utf8');
const firstLoad = chunks.filter((chunk) => indexHtml.includes(chunk.file));
const firstLoadJs = firstLoad.filter((chunk) => chunk.file.endsWith('.js')).reduce((sum, chunk) => sum + chunk.gzip, 0);
const firstLoadLocale = firstLoad
  .filter((chunk) => /^en-[\w-]+\.js$/.test(chunk.file))
  .reduce((sum, chunk) => sum + chunk.gzip, 0);
const firstLoadCss = firstLoad.filter((chunk) => chunk.file.endsWith('.css')).reduce((sum, chunk) => sum + chunk.gzip, 0);

const markdown = `# Benchmark results

Written by \`npm run bench\` (${new Date().toISOString().slice(0, 10)}; ${cpus().length} CPUs, Node ${process.version}).
Load: autocannon on 127.0.0.1, ${CONNECTIONS} connections, ${DURATION_S} s per scenario after a 1 s warm-up.
${PG_URL ? 'PostgreSQL rows use `BENCH_DATABASE_URL`.' : 'Set `BENCH_DATABASE_URL=postgres://…` to add the PostgreSQL rows.'}
Absolute numbers drift on a shared machine; compare the ratios, taken in the same run.

## API throughput

| scenario | database | req/s | p50 ms | p99 ms | errors | vs hello world | vs one PK select (same DB) |
|---|---|---:|---:|---:|---:|---:|---:|
${results
  .map(
    (row) =>
      `| ${row.name} | ${row.database} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${percent(row.rps, helloRps)} | ${
        row.name.startsWith('baseline') ? '—' : percent(row.rps, baselineFor(row.database))
      } |`,
  )
  .join('\n')}

Budgets (DESIGN.md §6): the dashboard read ≥ 50 % of the one-PK-select baseline on both databases, 0 errors, p99 ≤ 50 ms on PostgreSQL.

## Lesson generation (in-process)

Median **${generation.median} ms**, p99 ${generation.p99} ms over ${generation.count} lessons across all 12 courses — budget ≤ 20 ms median.

## Start-up (process start → first healthy answer)

| database | new data directory | second start |
|---|---:|---:|
${startTimes.map((row) => `| ${row.database} | ${Math.round(row.cold)} ms | ${Math.round(row.warm)} ms |`).join('\n')}

Budget (DESIGN.md §6): warm start ≤ 2 s on the embedded database; a brand-new PGlite data directory ≤ 8 s.

## Lighthouse (mobile profile: simulated slow 4G, 4× CPU slowdown)

| page | performance | accessibility | LCP | CLS | TBT |
|---|---:|---:|---:|---:|---:|
${lighthouseRows.map((row) => `| ${row.path} | ${row.performance} | ${row.accessibility} | ${row.lcp} | ${row.cls} | ${row.tbt} |`).join('\n') || '| (Chromium not found: skipped) | | | | | |'}

Budget (DESIGN.md §6): performance ≥ 95, accessibility 100. Assets are served pre-compressed (Brotli, gzip).

## Web bundle (gzip, level 9)

First load (what \`/\` references, the English strings included since the first paint waits for them):
**${kb(firstLoadJs)} JS** (of which ${kb(firstLoadLocale)} English strings), **${kb(firstLoadCss)} CSS** — budget ≤ 110 KB JS, ≤ 25 KB CSS for the landing page.

| chunk | raw | gzip |
|---|---:|---:|
${chunks.map((chunk) => `| ${chunk.file} | ${kb(chunk.raw)} | ${kb(chunk.gzip)} |`).join('\n')}
`;

writeFileSync(join(ROOT, 'bench/RESULTS.md'), markdown);
console.log('\nwrote bench/RESULTS.md');
