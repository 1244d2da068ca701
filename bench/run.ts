// `npm run bench`: measures the API against baselines taken in the same run on the same machine
// (machines here are shared and noisy, so ratios are what compare). Writes bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { parseEnv } from '../apps/server/src/config/env';
import { databaseTargetFromEnv, openDatabase } from '../apps/server/src/db/client';
import { systemClock } from '../apps/server/src/lib/clock';
import { createLearnersRepository } from '../apps/server/src/modules/learners/learners.repository';
import { createLearnersService } from '../apps/server/src/modules/learners/learners.service';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository';
import { createUsersService } from '../apps/server/src/modules/users/users.service';
import { kilobytes, LANDING_BUDGET_BYTES, type LandingWeight, measureLandingWeight } from './landing-weight';
import { startServer } from './processes';
import { runScale, scaleSection } from './scale';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// `npm run bench --scale` (npm passes it as npm_config_scale) or `npm run bench -- --scale`: only the
// social reads at 10 k and 1 M learners (bench/scale.ts), which writes its own section of RESULTS.md.
if (process.env.npm_config_scale === 'true' || process.argv.includes('--scale')) {
  await runScale();
  process.exit(0);
}
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL;
/** Premium learners for the lesson scenarios; each starts every lesson of the course once. */
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100);
/** Fully answered sessions to complete (at least): a first-completion run long enough to measure. */
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 5000);
/**
 * A partial run while working on one thing: `BENCH_ONLY=api` (the load rows), `BENCH_ONLY=lighthouse` or
 * `BENCH_ONLY=landing` (the landing page's weight in Chromium),
 * `BENCH_DATABASES=pglite` or `postgres`. A partial run prints its rows and leaves bench/RESULTS.md alone.
 */
const ONLY = process.env.BENCH_ONLY;
/** `BENCH_REQUEST_IDS=0` sends POSTs without X-Request-Id (to see what recording them costs). */
const SEND_REQUEST_IDS = process.env.BENCH_REQUEST_IDS !== '0';
const ONLY_DATABASE = process.env.BENCH_DATABASES?.toLowerCase();
const PARTIAL = Boolean(ONLY || ONLY_DATABASE);
const PASSWORD = 'violet-harbour-42';

interface Server {
  url: string;
  stop(): Promise<void>;
}

// Stopped by a signal: exit properly, so the handler above stops the servers too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Each running server's PID by its URL, for the CPU columns. */
const serverPids = new Map<string, number>();

/** CPU time (user + system, in clock ticks of 10 ms) a process has used, from /proc; 0 where unreadable. */
function cpuTicks(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU used so far by a server and by each PostgreSQL process on this machine (its backends do the
 * SQL), by PID: a process that ends during a run (a client's backend) must not count negatively.
 */
function cpuSnapshot(url: string): { server: number; postgres: Map<string, number> } {
  const pid = serverPids.get(url);
  const postgres = new Map(
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          return readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres');
        } catch {
          return false;
        }
      })
      .map((entry) => [entry, cpuTicks(entry)] as const),
  );
  return { server: pid ? cpuTicks(pid) : 0, postgres };
}

/** PostgreSQL CPU between two snapshots: what the processes alive at the end used since the start (or since they began). */
function postgresTicks(before: Map<string, number>, after: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, used] of after) ticks += Math.max(0, used - (before.get(pid) ?? 0));
  return ticks;
}

/** Starts a server (bench/processes.ts), its PID kept for the CPU columns while it runs. */
async function start(args: string[], readyPath: string, env: Record<string, string> = {}): Promise<Server & { startMs: number }> {
  const server = await startServer(args, readyPath, env);
  if (server.pid) serverPids.set(server.url, server.pid);
  return {
    url: server.url,
    startMs: server.startMs,
    stop: async () => {
      await server.stop();
      serverPids.delete(server.url);
    },
  };
}

interface Result {
  name: string;
  database: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU per request (µs) of the server process and of PostgreSQL, where measured. */
  serverUs?: number;
  postgresUs?: number;
}

function toRow(
  name: string,
  database: string,
  result: autocannon.Result,
  rps = result.requests.average,
  cpu?: { before: ReturnType<typeof cpuSnapshot>; after: ReturnType<typeof cpuSnapshot> },
): Result {
  const requests = Math.max(1, result.requests.total);
  const perRequest = (ticks: number) => Math.round((ticks * 10_000) / requests);
  const row: Result = {
    name,
    database,
    rps: Math.round(rps),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ...(cpu && { serverUs: perRequest(cpu.after.server - cpu.before.server) }),
    ...(cpu && database === 'PostgreSQL' && { postgresUs: perRequest(postgresTicks(cpu.before.postgres, cpu.after.postgres)) }),
  };
  console.log(
    `${name.padEnd(44)} ${database.padEnd(10)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}` +
      (row.serverUs !== undefined
        ? `  CPU/req server ${row.serverUs} µs${row.postgresUs !== undefined ? `, PostgreSQL ${row.postgresUs} µs` : ''}`
        : ''),
  );
  return row;
}

/**
 * Just before each measured PostgreSQL run: a checkpoint. PostgreSQL's own timed one (every five
 * minutes by default) writes out everything the earlier rows dirtied; landing inside a run of a few
 * seconds, it made the same code measure a third slower or faster from one bench to the next. Skipped
 * where the role may not run CHECKPOINT.
 */
async function settle(database: string): Promise<void> {
  if (database !== 'PostgreSQL' || !PG_URL) return;
  const client = new pg.Client({ connectionString: PG_URL });
  try {
    await client.connect();
    await client.query('checkpoint');
  } catch {
    // Not allowed here: measure as it is.
  } finally {
    await client.end().catch(() => {});
  }
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
  await settle(database);
  const before = cpuSnapshot(url);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return toRow(name, database, result, undefined, { before, after: cpuSnapshot(url) });
}

/** One API request of a scripted load: each learner sends its own token. */
interface Call {
  path: string;
  token: string;
  body?: unknown;
}

/**
 * Sends `calls` in order: all of them once (`duration` unset), or for `duration` seconds, wrapping
 * around when they run out. `onAnswer` sees each response with the index of its call.
 */
function send(
  url: string,
  calls: readonly Call[],
  options: { connections?: number; duration?: number; onAnswer?: (index: number, status: number, body: string) => void },
): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    ...(options.duration ? { duration: options.duration } : { amount: calls.length }),
    requests: [
      {
        setupRequest: (request, context) => {
          const index = next++ % calls.length;
          const call = calls[index] as Call;
          (context as { index?: number }).index = index;
          return {
            ...request,
            method: 'POST',
            path: call.path,
            headers: {
              authorization: `Bearer ${call.token}`,
              // As the web app does: one id per logical request, which the server records for
              // retries (ADR 018), so the rows include that cost.
              ...(SEND_REQUEST_IDS && { 'x-request-id': randomUUID() }),
              ...(call.body !== undefined && { 'content-type': 'application/json' }),
            },
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
          };
        },
        onResponse: (status, body, context) => options.onAnswer?.((context as { index?: number }).index ?? -1, status, body),
      },
    ],
  });
}

/** Scripted calls: a few warm up at 10 connections, the rest are measured at 50. */
async function measureCalls(
  name: string,
  database: string,
  url: string,
  calls: readonly Call[],
  options: { duration?: number; onAnswer?: (call: Call, status: number, body: string) => void } = {},
): Promise<Result> {
  if (calls.length === 0) throw new Error(`${name}: nothing to send`);
  const warmUp = Math.min(100, Math.floor(calls.length / 10));
  const report = (list: readonly Call[]) => (index: number, status: number, body: string) => {
    const call = list[index];
    if (call) options.onAnswer?.(call, status, body);
  };
  await send(url, calls.slice(0, warmUp), { connections: 10, onAnswer: report(calls.slice(0, warmUp)) });
  const measured = calls.slice(warmUp);
  await settle(database);
  const before = cpuSnapshot(url);
  const started = performance.now();
  let lastAnswer = started;
  const answer = report(measured);
  const result = await send(url, measured, {
    duration: options.duration,
    onAnswer: (index, status, body) => {
      lastAnswer = performance.now();
      answer(index, status, body);
    },
  });
  const cpu = { before, after: cpuSnapshot(url) };
  // A fixed number of calls: autocannon finishes such a run on its next one-second tick, so its
  // duration (and any timing around it) is whole seconds; the last answer marks the real end.
  const seconds = (lastAnswer - started) / 1000;
  return toRow(name, database, result, options.duration ? undefined : result.requests.total / seconds, cpu);
}

const tsx = ['--import', 'tsx'];

interface Exercise {
  id: string;
  type: string;
  content: { options?: { id: string }[]; words?: string[]; sentence?: string };
}
interface LessonSession {
  token: string;
  lessonId: string;
  sessionId: string;
  exercises: Exercise[];
}

async function post<T>(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The call that answers one exercise of a session. The bench does not know the right answers (the
 * server keeps them), so it answers like a learner guessing. Listening and speaking items are
 * skipped through the skip route, as a browser without audio does.
 */
function answerCall(session: LessonSession, exercise: Exercise): Call {
  const base = `/api/v1/lessons/${session.lessonId}/exercises/${exercise.id}`;
  if (exercise.type === 'listening' || exercise.type === 'speaking') {
    return { path: `${base}/skip`, token: session.token, body: { session_id: session.sessionId, reason: 'unsupported' } };
  }
  const answer =
    exercise.type === 'multiple-choice'
      ? (exercise.content.options?.[0]?.id ?? 'a')
      : exercise.type === 'drag-drop'
        ? (exercise.content.words ?? [])
        : 'hola';
  return { path: `${base}/complete`, token: session.token, body: { session_id: session.sessionId, answer } };
}

const completeCall = (session: LessonSession): Call => ({
  path: `/api/v1/lessons/${session.lessonId}/complete`,
  token: session.token,
  body: { session_id: session.sessionId },
});

function toSession(token: string, lessonId: string, body: string): LessonSession {
  const started = JSON.parse(body) as { session_id: string; exercises: Exercise[] };
  return { token, lessonId, sessionId: started.session_id, exercises: started.exercises };
}

/** One learner with a finished lesson (every exercise answered), so the dashboard has real numbers to read. */
async function signUpLearner(url: string): Promise<Record<string, string>> {
  const registered = await post<{ access_token: string }>(url, '/auth/register', {
    username: `bench-${Date.now()}@example.com`,
    password: PASSWORD,
    full_name: 'Bench Learner',
  });
  const auth = { authorization: `Bearer ${registered.access_token}` };
  const session = toSession(
    registered.access_token,
    'greetings-1',
    JSON.stringify(await post(url, '/lessons/greetings-1/start', undefined, auth)),
  );
  for (const exercise of session.exercises) {
    const call = answerCall(session, exercise);
    await post(url, call.path.replace('/api/v1', ''), call.body, auth);
  }
  await post(url, `/lessons/greetings-1/complete`, { session_id: session.sessionId }, auth);
  return auth;
}

/**
 * Premium learners through the real API: registered (each from its own address, since sign-ups
 * are limited per address and the bench server trusts X-Forwarded-For), then made premium.
 */
async function registerLearners(url: string, count: number): Promise<{ email: string; token: string }[]> {
  const run = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const network = `10.${1 + Math.floor(Math.random() * 250)}`;
  const learners: { email: string; token: string }[] = [];
  const indexes = Array.from({ length: count }, (_, index) => index);
  // A few at a time: a sign-up is a deliberately slow password hash.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let index = indexes.shift(); index !== undefined; index = indexes.shift()) {
        const email = `bench-${run}-${index}@example.com`;
        const registered = await post<{ access_token: string }>(
          url,
          '/auth/register',
          { username: email, password: PASSWORD, full_name: `Bench Learner ${index}` },
          { 'x-forwarded-for': `${network}.${index >> 8}.${index & 255}` },
        );
        learners.push({ email, token: registered.access_token });
      }
    }),
  );
  return learners;
}

/**
 * Premium through the code path of `npm run admin -- plan <email> premium` (the users service on
 * the server's database, found from the same environment), while the server is stopped: the
 * embedded database allows one process at a time.
 */
async function grantPremium(emails: string[], env: Record<string, string>): Promise<void> {
  const database = await openDatabase(databaseTargetFromEnv(parseEnv(env)));
  try {
    const learners = createLearnersService({ repo: createLearnersRepository(database.db), clock: systemClock });
    const users = createUsersService({ repo: createUsersRepository(database.db), learners, clock: systemClock });
    for (const email of emails) await users.setPlan(email, 'premium');
  } finally {
    await database.close();
  }
}

/**
 * Lesson start, answers and completion under load. Every learner starts every lesson once
 * (new sessions, learners interleaved so concurrent requests come from different learners); the
 * answers go to many sessions at once, each answer once; a completion scores a fully answered
 * session once; completing it again (a retry, an offline sync) returns the stored result.
 */
async function measureLessons(database: string, url: string, learners: { token: string }[]): Promise<void> {
  const listed = (await (
    await fetch(`${url}/api/v1/lessons`, { headers: { authorization: `Bearer ${learners[0]?.token}` } })
  ).json()) as { units: { lessons: { id: string }[] }[] };
  const lessonIds = listed.units.flatMap((unit) => unit.lessons.map((lesson) => lesson.id));

  const sessions: LessonSession[] = [];
  const starts = lessonIds.flatMap((lessonId) =>
    learners.map((learner) => ({ path: `/api/v1/lessons/${lessonId}/start`, token: learner.token, lessonId })),
  );
  results.push(
    await measureCalls('POST /lessons/{id}/start (new session)', database, url, starts, {
      onAnswer: (call, status, body) => {
        if (status === 200) sessions.push(toSession(call.token, (call as (typeof starts)[number]).lessonId, body));
      },
    }),
  );

  // Sessions in groups of 64 (more than the connections): the group's first exercises, then its
  // second ones…, so concurrent answers go to different sessions, as real learners' do.
  const answers: { call: Call; session: LessonSession }[] = [];
  for (let first = 0; first < sessions.length; first += 64) {
    const group = sessions.slice(first, first + 64);
    const longest = Math.max(...group.map((session) => session.exercises.length));
    for (let index = 0; index < longest; index++) {
      for (const session of group) {
        const exercise = session.exercises[index];
        if (exercise) answers.push({ call: answerCall(session, exercise), session });
      }
    }
  }
  const answered = new Set<Call>();
  const sessionOf = new Map(answers.map((answer) => [answer.call, answer.session]));
  results.push(
    await measureCalls(
      'POST …/exercises/{id}/complete or /skip (answer)',
      database,
      url,
      answers.map((answer) => answer.call),
      {
        duration: DURATION_S,
        onAnswer: (call, status) => {
          if (status === 200) answered.add(call);
        },
      },
    ),
  );
  // Completion needs fully answered sessions: finish the ones the timed run left half done, and
  // answer more (untimed) until there are enough for a completion run of a few seconds.
  const started = new Set([...answered].map((call) => sessionOf.get(call)));
  for (const session of sessions) {
    if (started.size >= COMPLETIONS) break;
    started.add(session);
  }
  const missing = answers.filter((answer) => started.has(answer.session) && !answered.has(answer.call));
  if (missing.length > 0)
    await send(
      url,
      missing.map((answer) => answer.call),
      { connections: Math.min(CONNECTIONS, missing.length) },
    );
  const finished = sessions.filter((session) => started.has(session));

  results.push(await measureCalls('POST /lessons/{id}/complete (first: scores, XP)', database, url, finished.map(completeCall)));
  results.push(
    await measureCalls('POST /lessons/{id}/complete (repeated)', database, url, finished.map(completeCall), {
      duration: DURATION_S,
    }),
  );
  console.log(`  ${sessions.length} sessions started, ${answered.size} answers, ${finished.length} sessions completed`);
}

const randomItem = () => `/items/${1 + Math.floor(Math.random() * 10_000)}`;
const results: Result[] = [];
const allDatabases: { label: string; env: Record<string, string> }[] = [
  { label: 'PGlite', env: {} },
  ...(PG_URL ? [{ label: 'PostgreSQL', env: { BENCH_DATABASE_URL: PG_URL, DATABASE_URL: PG_URL } }] : []),
];
const databases = allDatabases.filter((database) => !ONLY_DATABASE || database.label.toLowerCase().startsWith(ONLY_DATABASE));

console.log(`Parla bench: ${CONNECTIONS} connections, ${DURATION_S} s per scenario, ${cpus().length} CPUs\n`);

// Lighthouse first, on a quiet machine: after the load runs PostgreSQL is still vacuuming.
const hasChromium = existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium');
const lighthouseRows =
  (!ONLY || ONLY === 'lighthouse') && hasChromium
    ? await lighthouse([
        { path: '/' },
        { path: '/privacy' },
        { path: '/app', signedIn: true },
        { path: '/app/lesson/greetings-1', signedIn: true },
        { path: '/app/progress', signedIn: true },
        { path: '/app/friends', signedIn: true },
      ])
    : [];
const landing = (!ONLY || ONLY === 'landing') && hasChromium ? await landingWeights() : [];
const startTimes: { database: string; cold: number; warm: number }[] = [];
if (!ONLY || ONLY === 'api') {
  const hello = await start([...tsx, 'bench/baselines/hello.ts'], '/');
  results.push(await measure('baseline: Fastify hello world', '—', hello.url, () => '/'));
  await hello.stop();
}
for (const database of !ONLY || ONLY === 'api' ? databases : []) {
  const pk = await start([...tsx, 'bench/baselines/pk-select.ts'], '/items/1', database.env);
  results.push(await measure('baseline: one primary-key select', database.label, pk.url, randomItem));
  await pk.stop();

  const dataDir = mkdtempSync(join(tmpdir(), 'parla-bench-'));
  // TRUST_PROXY: the bench's learners sign up from addresses of their own (X-Forwarded-For).
  const appEnv = { ...database.env, DATA_DIR: dataDir, TRUST_PROXY: 'true' };
  const cold = await start(['apps/server/dist/main.js'], '/api/v1/health', appEnv);
  const learner = await signUpLearner(cold.url);
  const learners = await registerLearners(cold.url, LEARNERS);
  await cold.stop();
  await grantPremium(
    learners.map((one) => one.email),
    appEnv,
  );
  const app = await start(['apps/server/dist/main.js'], '/api/v1/health', appEnv);
  startTimes.push({ database: database.label, cold: cold.startMs, warm: app.startMs });
  // The server loads the content bank 1.5 s after start (blocking for a moment): measure after it.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  results.push(await measure('GET /api/v1/health', database.label, app.url, () => '/api/v1/health'));
  results.push(await measure('GET /api/v1/dashboard (signed in)', database.label, app.url, () => '/api/v1/dashboard', learner));
  results.push(
    await measure(
      'GET /api/v1/progress/me/summary (signed in)',
      database.label,
      app.url,
      () => '/api/v1/progress/me/summary',
      learner,
    ),
  );
  // The learner's first lesson earned "First steps": one notification on the list, with the unread count.
  results.push(
    await measure(
      'GET /api/v1/users/me/notifications (signed in)',
      database.label,
      app.url,
      () => '/api/v1/users/me/notifications',
      learner,
    ),
  );
  await measureLessons(database.label, app.url, learners);
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** A learner who finished setup (so /app shows the dashboard); returns a fresh refresh token per call. */
async function lighthouseLearner(url: string): Promise<() => Promise<string>> {
  const username = `lighthouse-${Date.now()}@example.com`;
  const registered = await post<{ access_token: string }>(url, '/auth/register', {
    username,
    password: PASSWORD,
    full_name: 'Lighthouse Learner',
  });
  const response = await fetch(`${url}/api/v1/users/me/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${registered.access_token}` },
    body: JSON.stringify({ learning_styles: ['visual'], goals: ['travel'], profile_completed: true }),
  });
  if (!response.ok) throw new Error(`profile: ${response.status} ${await response.text()}`);
  return async () => (await post<{ refresh_token: string }>(url, '/auth/login', { username, password: PASSWORD })).refresh_token;
}

/** Lighthouse (mobile, the default profile) on the real built server with the embedded database. */
async function lighthouse(
  pages: { path: string; signedIn?: boolean }[],
): Promise<{ path: string; performance: number; accessibility: number; lcp: string; cls: string; tbt: string }[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parla-bench-lh-'));
  const app = await start(['apps/server/dist/main.js'], '/api/v1/health', { DATA_DIR: dataDir });
  const rows = [];
  try {
    const refreshToken = await lighthouseLearner(app.url);
    for (const { path, signedIn } of pages) {
      const output = join(dataDir, 'report.json');
      // Lighthouse now and then fails to record its trace ("NO_NAVSTART"): such a page gets one more try.
      for (let attempt = 1; ; attempt += 1) {
        // The web app restores its session from the refresh cookie, and each page load rotates the
        // token: every signed-in page load gets a token of its own (a sign-in). The header is sent
        // on every request, so a second refresh in the same load reuses the old token inside the
        // server's retry grace window and gets the same pair back.
        const cookie = signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: `parla_refresh=${await refreshToken()}` })}`] : [];
        const code = await new Promise<number | null>((resolve) => {
          const child = spawn(
            process.execPath,
            [
              join(ROOT, 'node_modules/lighthouse/cli/index.js'),
              `${app.url}${path}`,
              '--quiet',
              '--only-categories=performance,accessibility',
              '--output=json',
              `--output-path=${output}`,
              ...cookie,
              '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic',
            ],
            { cwd: ROOT, env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit' },
          );
          child.on('exit', resolve);
        });
        if (code === 0) break;
        if (attempt === 2) throw new Error(`lighthouse ${path} exited ${code} twice`);
      }
      const report = JSON.parse(readFileSync(output, 'utf8'));
      // A signed-in page that lost its session would show the sign-in page instead: say so.
      const landed = new URL(report.finalDisplayedUrl ?? report.finalUrl).pathname;
      const row = {
        path: landed === path ? path : `${path} → ${landed}`,
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        lcp: report.audits['largest-contentful-paint'].displayValue,
        cls: report.audits['cumulative-layout-shift'].displayValue,
        tbt: report.audits['total-blocking-time'].displayValue,
      };
      // Name what cost accessibility points, so a run that misses 100 says why.
      const failed = Object.values(
        report.audits as Record<string, { id: string; score: number | null; scoreDisplayMode: string }>,
      )
        .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
        .map((audit) => audit.id)
        .filter((id) => report.categories.accessibility.auditRefs.some((ref: { id: string }) => ref.id === id));
      console.log(
        `lighthouse ${path}: performance ${row.performance}, accessibility ${row.accessibility}${failed.length > 0 ? ` (failed: ${failed.join(', ')})` : ''}, LCP ${row.lcp}`,
      );
      rows.push(row);
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * The landing page's JS + CSS requested before `load` (DESIGN.md §6), in Chromium on the real built
 * server, as a first-time visitor on a phone and on a desktop (what is below the fold may differ).
 */
async function landingWeights(): Promise<LandingWeight[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parla-bench-landing-'));
  const app = await start(['apps/server/dist/main.js'], '/api/v1/health', { DATA_DIR: dataDir });
  try {
    const weights = [];
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const weight = await measureLandingWeight(app.url, { viewport });
      console.log(
        `landing ${viewport.width}×${viewport.height}: ${kilobytes(weight.total)} before load (JS ${kilobytes(weight.js)}, CSS ${kilobytes(weight.css)})`,
      );
      weights.push(weight);
    }
    return weights;
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lesson generation in-process: the median and p99 over 500 lessons of every course (budget ≤ 20 ms median). */
async function generationTimes(): Promise<{ median: number; p99: number; count: number }> {
  const { loadContentBank } = await import('../packages/content/src/load-content');
  const { generateLesson } = await import('../apps/server/src/modules/sessions/lesson-generator');
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

const helloRps = results[0]?.rps ?? 1;
const baselineFor = (database: string) =>
  results.find((row) => row.name.includes('primary-key') && row.database === database)?.rps;
const percent = (value: number, base: number | undefined) => (base ? `${Math.round((value / base) * 100)} %` : '—');

/** Each §6 API budget per database, with the measured value and whether it is met. */
function budgetRows(): string {
  const row = (database: string, prefix: string) =>
    results.find((result) => result.database === database && result.name.startsWith(prefix));
  const checks: { budget: string; prefix: string; check: (result: Result, database: string) => string | undefined }[] = [
    {
      budget: 'dashboard read ≥ 50 % of one PK select',
      prefix: 'GET /api/v1/dashboard',
      check: (result, database) => ratioCheck(result, database, 0.5),
    },
    {
      budget: 'progress summary read ≥ 50 % of one PK select',
      prefix: 'GET /api/v1/progress/me/summary',
      check: (result, database) => ratioCheck(result, database, 0.5),
    },
    {
      budget: 'notifications list ≥ 50 % of one PK select',
      prefix: 'GET /api/v1/users/me/notifications',
      check: (result, database) => ratioCheck(result, database, 0.5),
    },
    {
      budget: 'lesson completion ≥ 25 % of one PK select',
      prefix: 'POST /lessons/{id}/complete (first',
      check: (result, database) => ratioCheck(result, database, 0.25),
    },
  ];
  const lines = checks.map(
    ({ budget, prefix, check }) =>
      `| ${budget} | ${databases.map((database) => cell(row(database.label, prefix), (result) => check(result, database.label))).join(' | ')} |`,
  );
  const apiRows = (database: string) =>
    results.filter((result) => result.database === database && !result.name.startsWith('baseline'));
  lines.push(
    `| 0 errors (every API row) | ${databases
      .map((database) => {
        const errors = apiRows(database.label).reduce((sum, result) => sum + result.errors, 0);
        return `${errors} ${errors === 0 ? '✅' : '❌'}`;
      })
      .join(' | ')} |`,
  );
  lines.push(
    `| p99 ≤ 50 ms (dashboard, completion; PostgreSQL) | ${databases
      .map((database) => {
        if (database.label !== 'PostgreSQL') return '—';
        const p99s = ['GET /api/v1/dashboard', 'POST /lessons/{id}/complete (first'].map(
          (prefix) => row(database.label, prefix)?.p99,
        );
        const ok = p99s.every((p99) => p99 !== undefined && p99 <= 50);
        return `${p99s.map((p99) => `${p99 ?? '?'} ms`).join(', ')} ${ok ? '✅' : '❌'}`;
      })
      .join(' | ')} |`,
  );
  return lines.join('\n');
}

function ratioCheck(result: Result, database: string, minimum: number): string | undefined {
  const base = baselineFor(database);
  if (!base) return undefined;
  return `${percent(result.rps, base)} ${result.rps / base >= minimum ? '✅' : '❌'}`;
}

function cell(result: Result | undefined, check: (result: Result) => string | undefined): string {
  return (result && check(result)) ?? '—';
}

const assetsDir = join(ROOT, 'apps/web/dist/assets');
const chunks = readdirSync(assetsDir)
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => {
    const content = readFileSync(join(assetsDir, file));
    return { file, raw: statSync(join(assetsDir, file)).size, gzip: gzipSync(content, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const kb = kilobytes;
// The heavier of the two viewports counts.
const heaviest = landing.reduce<LandingWeight | undefined>(
  (most, weight) => (most && most.total >= weight.total ? most : weight),
  undefined,
);
const budgetCell = (bytes: number, budget: number) => `${kb(bytes)} ${bytes <= budget ? '✅' : '❌'}`;
const landingSection = heaviest
  ? `Landing page (\`/\`), every JS and CSS file requested before the \`load\` event, measured in Chromium (playwright-core) on
the real built server as a first visit (nothing saved), each file at gzip -9: **${kb(heaviest.total)}**
(${landing.map((weight) => `${weight.viewport.width}×${weight.viewport.height}: ${kb(weight.total)}`).join(', ')}; the heavier counts).

| budget (DESIGN.md §6) | measured |
|---|---:|
| landing JS + CSS before \`load\` ≤ 93 KB | ${budgetCell(heaviest.total, LANDING_BUDGET_BYTES)} |
| of which JS ≤ 110 KB | ${budgetCell(heaviest.js, 110 * 1024)} |
| of which CSS ≤ 25 KB | ${budgetCell(heaviest.css, 25 * 1024)} |

| requested before \`load\` | gzip |
|---|---:|
${heaviest.files.map((file) => `| ${file.path} | ${kb(file.gzip)} |`).join('\n')}`
  : 'Landing page before `load`: (Chromium not found: not measured)';

const markdown = `# Benchmark results

Written by \`npm run bench\` (${new Date().toISOString().slice(0, 10)}; ${cpus().length} CPUs, Node ${process.version}).
Load: autocannon on 127.0.0.1, ${CONNECTIONS} connections, ${DURATION_S} s per scenario after a 1 s warm-up.
${PG_URL ? 'PostgreSQL rows use `BENCH_DATABASE_URL`; each measured run starts right after a `CHECKPOINT`.' : 'Set `BENCH_DATABASE_URL=postgres://…` to add the PostgreSQL rows.'}
Absolute numbers drift on a shared machine; compare the ratios, taken in the same run. The CPU columns
are the CPU time the server process (Node.js, with PGlite inside it) and all PostgreSQL processes used per
request during the measured run (from /proc): where the time goes when the ${cpus().length} cores are the limit.

## API throughput

| scenario | database | req/s | p50 ms | p99 ms | errors | vs hello world | vs one PK select (same DB) | server CPU µs/req | PostgreSQL CPU µs/req |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|
${results
  .map(
    (row) =>
      `| ${row.name} | ${row.database} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${percent(row.rps, helloRps)} | ${
        row.name.startsWith('baseline') ? '—' : percent(row.rps, baselineFor(row.database))
      } | ${row.serverUs ?? '—'} | ${row.postgresUs ?? '—'} |`,
  )
  .join('\n')}

Lesson rows: ${LEARNERS} premium learners (registered through the API, made premium by the code path of
\`npm run admin -- plan <email> premium\`), each starting every lesson once; answers (listening and speaking
items skipped) spread over many sessions at once, each exercise answered once; a first completion scores a
fully answered session (${COMPLETIONS} of them, each once); a repeated completion (a retry, an offline sync) returns the
stored result. Completions arriving together share their statements (ADR 011).

## Budgets (DESIGN.md §6)

| budget | ${databases.map((database) => database.label).join(' | ')} |
|---|${databases.map(() => '---|').join('')}
${budgetRows()}

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

Budget (DESIGN.md §6): performance ≥ 95, accessibility 100 on landing, dashboard (\`/app\`) and lesson. Signed-in pages
load as a learner who finished setup (refresh cookie). Assets are served pre-compressed (Brotli, gzip).

## Web bundle (gzip, level 9)

${landingSection}

Every chunk of the build:

| chunk | raw | gzip |
|---|---:|---:|
${chunks.map((chunk) => `| ${chunk.file} | ${kb(chunk.raw)} | ${kb(chunk.gzip)} |`).join('\n')}
`;

if (PARTIAL) {
  console.log(`\n${markdown}\n(partial run: bench/RESULTS.md left as it was)`);
} else {
  // The "At scale" section is written by `npm run bench --scale` alone: kept as it was.
  const resultsFile = join(ROOT, 'bench/RESULTS.md');
  const scale = existsSync(resultsFile) ? scaleSection(readFileSync(resultsFile, 'utf8')) : '';
  writeFileSync(resultsFile, scale ? `${markdown.trimEnd()}\n\n${scale}\n` : markdown);
  console.log('\nwrote bench/RESULTS.md');
}
