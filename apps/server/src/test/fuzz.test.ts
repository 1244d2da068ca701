import { Writable } from 'node:stream';
import { INTERFACE_LANGUAGES } from '@parla/shared/content.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema/index';
import { buildTestApp, testClock } from './build-test-app';
import { answerRestWrong, registerUser } from './factories';
import { type FuzzRequest, fuzzRequests, placeholder, type RouteExample, requestPayload, requestUrl } from './fuzz-requests';
import { type ApiRoute, apiRoutes } from './route-table';
import { tableDigester } from './table-digests';

vi.mock('fastify', async (importOriginal) => (await import('./route-table')).recordingFastify(await importOriginal()));

/**
 * Every /api/v1 route, read from the app's route table, gets FUZZ_RUNS (default 100) requests
 * generated from its zod schemas, plus hostile variants. None may answer 5xx; every error is
 * `{detail, code}`; a rejected request (4xx) changes no table. Authenticated routes are called
 * with a valid token of a learner who has lesson, practice and review sessions, and their ids
 * are among the generated values, so inputs reach the handlers. Seeded: FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
/** FUZZ_STATS=1 prints, per route, how many inputs got which answer: how deep the inputs reach. */
const STATS = process.env.FUZZ_STATS === '1';

/** Server errors as logged (with their stacks), to report next to the request that caused them. */
const logged: { err?: { message?: string; stack?: string }; msg?: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
    done();
  },
});

const clock = testClock('2026-11-21T10:00:00Z');
const ctx = await buildTestApp({ clock, logger: pino({ level: 'error' }, logStream) });
const routes = apiRoutes();
afterAll(() => ctx.close());
// rate_limits counts attempts whether or not they succeed: that is its job.
const digest = await tableDigester(ctx.database.handle.db, { except: ['rate_limits'], versions: true });

let address = 0;
let fresh = 0;
/** Every request from its own address, so per-address limits do not stop the inputs early. */
const nextAddress = () => {
  address += 1;
  return `10.${100 + ((address >> 16) & 63)}.${(address >> 8) & 255}.${address & 255}`;
};

const inject = (method: string, url: string, headers: Record<string, string>, payload?: string) =>
  ctx.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload }),
  });

interface Learner {
  email: string;
  password: string;
  headers: Record<string, string>;
  /** The placeholders' values: this learner's ids. */
  values: Record<string, string>;
}

/** A premium learner with a finished and an open lesson session (one item answered), a practice and a review session. */
async function seedLearner(): Promise<Learner> {
  const account = await registerUser(ctx.app);
  const headers = account.bearer;
  const call = (method: string, url: string, body?: object) =>
    body
      ? inject(method, url, { ...headers, 'content-type': 'application/json' }, JSON.stringify(body))
      : inject(method, url, headers);
  await call('PUT', '/users/me/profile', { target_language: 'es', timezone: 'Europe/Madrid' });
  await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, account.auth.user.id));
  const finished = StartLessonResponseSchema.parse((await call('POST', '/lessons/greetings-1/start')).json());
  await answerRestWrong(ctx.app, headers, 'greetings-1', finished);
  await call('POST', '/lessons/greetings-1/complete', { session_id: finished.session_id });
  const open = StartLessonResponseSchema.parse((await call('POST', '/lessons/greetings-2/start')).json());
  const ofType = (type: string) => open.exercises.find((exercise) => exercise.type === type);
  const choice = ofType('multiple-choice');
  const blank = ofType('fill-blank');
  const listening = ofType('listening');
  if (choice?.type !== 'multiple-choice' || !blank || !listening) throw new Error('unexpected lesson shape');
  await call('POST', `/lessons/greetings-2/exercises/${blank.id}/complete`, { session_id: open.session_id, answer: 'hola' });
  const practice = StartPracticeResponseSchema.parse((await call('POST', '/practice/start')).json());
  const review = StartPracticeResponseSchema.parse((await call('POST', '/review/start')).json());
  return {
    email: account.email,
    password: account.password,
    headers,
    values: {
      userId: account.auth.user.id,
      email: account.email,
      password: account.password,
      finishedSession: finished.session_id,
      openSession: open.session_id,
      choiceExercise: choice.id,
      choiceOption: choice.content.options[0]?.id ?? 'a',
      listeningExercise: listening.id,
      answeredExercise: blank.id,
      practiceSession: practice.session_id,
      reviewSession: review.session_id,
    },
  };
}

const other = await registerUser(ctx.app);

/** Values any generated string may take: this learner's ids (placeholders), another learner's, and shared ones. */
const STRINGS = [
  ...['userId', 'finishedSession', 'openSession', 'practiceSession', 'reviewSession', 'otherUserId', 'choiceExercise'].map(
    placeholder,
  ),
  'me',
  'greetings-1',
  'greetings-2',
  'food-1',
  ...Array.from({ length: 9 }, (_, index) => `ex${index + 1}`),
  ...Array.from({ length: 5 }, (_, index) => `q${index + 1}`),
];
const databaseZones = new Set(
  (
    (await ctx.database.handle.db.execute(sql`select name from pg_timezone_names`)) as unknown as { rows: { name: string }[] }
  ).rows.map((row) => row.name),
);
/** Time-zone names: the runtime's, the database's, and names dropped or renamed in tzdata over the years. */
const zones = [
  ...new Set([
    ...Intl.supportedValuesOf('timeZone'),
    ...databaseZones,
    ...['US/Pacific-New', 'Canada/East-Saskatchewan', 'SystemV/AST4', 'Asia/Calcutta', 'Europe/Kiev', 'Europe/Kyiv'],
    ...['America/Ciudad_Juarez', 'Pacific/Kanton', 'Pacific/Enderbury', 'America/Coyhaique', 'Europe/Uzhgorod'],
    ...['EST5EDT', 'Etc/GMT+12', 'Etc/GMT-14', 'Factory', 'posixrules', 'localtime', 'UTC', 'utc', 'Zulu', 'Etc/Unknown'],
  ]),
];
const runtimeKnows = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
/** Names only one side knows: a profile holding one breaks whichever side works out its dates. */
const disputedZones = zones.filter((zone) => runtimeKnows(zone) !== databaseZones.has(zone));

const emails = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom(placeholder('email'), ` ${other.email.toUpperCase()} `, 'a@b', 'x@y.zz', 'ü@ß.de'),
);
const passwords = fc.oneof(fc.string({ minLength: 6, maxLength: 40 }), fc.constant(placeholder('password')));
/** What JSON Schema cannot carry: e-mails behind a pipe, the time-zone refinement, known names. */
const BY_KEY = {
  username: emails,
  email: emails,
  password: passwords,
  new_password: fc.string({ minLength: 6, maxLength: 40 }),
  current_password: fc.string({ minLength: 1, maxLength: 40 }),
  timezone: fc.oneof(fc.constantFrom(...disputedZones), fc.constantFrom(...zones)),
  lang: fc.constantFrom(...INTERFACE_LANGUAGES),
  provider: fc.constantFrom('google', 'github', 'GOOGLE'),
};

const p = placeholder;
/**
 * A request that reaches each route's handler, as a start for generated inputs (see fuzzRequests).
 * A route without one is still fuzzed, from its schemas alone.
 */
const EXAMPLES: Record<string, RouteExample> = {
  'POST /api/v1/auth/register': { body: { username: p('freshEmail'), password: 'violet-harbour-42', full_name: 'Ana García' } },
  'POST /api/v1/auth/login': { body: { username: p('email'), password: p('password') } },
  'POST /api/v1/auth/password/change': { body: { current_password: p('password'), new_password: 'fresh-meadow-91' } },
  'POST /api/v1/auth/password-reset/request': { body: { email: p('email') } },
  'GET /api/v1/users/:id/profile': { params: { id: p('userId') } },
  'PUT /api/v1/users/:id/profile': {
    params: { id: 'me' },
    body: { timezone: 'Asia/Tokyo', theme: 'dark', goals: ['travel'], learning_styles: ['visual'], profile_completed: true },
  },
  'GET /api/v1/users/:id/preferences': { params: { id: p('userId') } },
  'PUT /api/v1/users/:id/preferences': {
    params: { id: 'me' },
    body: {
      theme: 'dark',
      reminder_time: '07:30',
      daily_goal_xp: 30,
      notifications: { email: true },
      vacation_until: null,
      private_profile: true,
    },
  },
  'PUT /api/v1/users/me/following/:otherId': { params: { otherId: p('otherUserId') } },
  'DELETE /api/v1/users/me/following/:otherId': { params: { otherId: p('otherUserId') } },
  'PUT /api/v1/users/me/blocks/:otherId': { params: { otherId: p('otherUserId') } },
  'DELETE /api/v1/users/me/blocks/:otherId': { params: { otherId: p('otherUserId') } },
  'GET /api/v1/users/:id/friends': { params: { id: p('userId') }, query: { q: 'Español' } },
  'GET /api/v1/users/me/suggestions': { query: { limit: 5 } },
  'GET /api/v1/users/leaderboard': { query: { scope: 'league' } },
  'GET /api/v1/users/me/conversations': { query: { limit: 5 } },
  'GET /api/v1/users/me/conversations/:otherId/messages': { params: { otherId: p('otherUserId') }, query: { limit: 5 } },
  'POST /api/v1/users/me/conversations/:otherId/messages': { params: { otherId: p('otherUserId') }, body: { text: '¡Hola!' } },
  'POST /api/v1/contact': { body: { name: 'Ana', email: p('freshEmail'), message: '¿Hay curso de catalán?' } },
  'POST /api/v1/newsletter': { body: { email: p('freshEmail') } },
  'GET /api/v1/languages': { query: { lang: 'fr' } },
  'GET /api/v1/lessons': { query: { language: 'fr' } },
  'GET /api/v1/lessons/search': { query: { q: 'bread', language: 'es' } },
  'GET /api/v1/search': { query: { q: 'café' } },
  'GET /api/v1/lessons/recommended/:id': { params: { id: p('userId') } },
  'GET /api/v1/lessons/:id': { params: { id: 'greetings-1' }, query: { language: 'ja' } },
  'POST /api/v1/lessons/:id/start': { params: { id: 'greetings-3' } },
  'POST /api/v1/lessons/:id/exercises/:exerciseId/complete': {
    params: { id: 'greetings-2', exerciseId: p('choiceExercise') },
    body: { session_id: p('openSession'), answer: p('choiceOption') },
  },
  'POST /api/v1/lessons/:id/exercises/:exerciseId/skip': {
    params: { id: 'greetings-2', exerciseId: p('listeningExercise') },
    body: { session_id: p('openSession'), reason: 'cant_listen' },
  },
  'POST /api/v1/lessons/:id/complete': { params: { id: 'greetings-2' }, body: { session_id: p('openSession') } },
  'POST /api/v1/practice/:id/answer': { params: { id: p('practiceSession') }, body: { question_id: 'q1', answer: 0 } },
  'POST /api/v1/practice/:id/complete': { params: { id: p('practiceSession') } },
  'POST /api/v1/review/sessions/:id/answer': { params: { id: p('reviewSession') }, body: { question_id: 'q1', answer: 1 } },
  'POST /api/v1/review/sessions/:id/complete': { params: { id: p('reviewSession') } },
  'GET /api/v1/review/users/:id/spaced_repetition': { params: { id: p('userId') } },
  'GET /api/v1/review/users/:id/weak_areas': { params: { id: p('userId') } },
  'POST /api/v1/exercises/:id/explanation': { params: { id: p('answeredExercise') }, body: { session_id: p('openSession') } },
  'POST /api/v1/exercises/:id/hint': { params: { id: p('choiceExercise') }, body: { session_id: p('openSession') } },
  'POST /api/v1/enhanced-lessons/adapt-explanation': { body: { text: 'Ser is for lasting traits.', level: 'beginner' } },
};

/** What a client must never see, whatever it sent. */
function responseProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`${status}`);
  if (status >= 400) {
    if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) problems.push('error not JSON');
    let body: unknown;
    try {
      body = response.json();
    } catch {
      problems.push('error body does not parse');
    }
    if (body !== undefined && !ErrorBodySchema.safeParse(body).success) problems.push('error body is not {detail, code}');
    if (/\n\s+at /.test(response.body)) problems.push('stack trace in the body');
  }
  if (status === 429 && response.headers['retry-after'] === undefined) problems.push('429 without Retry-After');
  return problems;
}

const shorten = (text: string | undefined, length = 160) =>
  text === undefined ? '' : text.length > length ? `${text.slice(0, length)}…(${text.length})` : text;

const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);

/** Reads that show stored state: after an accepted change they must still answer. */
const READS = ['/users/me', '/dashboard', '/lessons'];

describe('fuzzing every /api/v1 route', () => {
  it('reads the routes from the app', () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  for (const route of routes) {
    it(
      `${route.name}: ${RUNS} generated and hostile inputs, never a 5xx, errors as {detail, code}, a rejection changes nothing`,
      async () => {
        const failures = await fuzzRoute(route);
        expect(failures, failures.join('\n\n')).toEqual([]);
      },
      60_000 + RUNS * 600,
    );
  }
});

async function fuzzRoute(route: ApiRoute): Promise<string[]> {
  let learner = route.public ? undefined : await seedLearner();
  let baseline = await digest();
  const failures: string[] = [];
  const stats: Record<string, number> = {};

  const send = async (request: FuzzRequest) => {
    fresh += 1;
    const values = {
      otherUserId: other.auth.user.id,
      email: other.email,
      password: other.password,
      freshEmail: `fuzz-${fresh}-${SEED}@example.com`,
      ...learner?.values,
    };
    const url = requestUrl(route, request, values).replace(/^\/api\/v1/, '');
    const { payload, contentType } = requestPayload(request, values);
    const headers = { ...learner?.headers, ...(contentType === undefined ? {} : { 'content-type': contentType }) };
    return { url, payload, contentType, response: await inject(route.method, url, headers, payload) };
  };

  await fc.assert(
    fc.asyncProperty(fuzzRequests(route, { strings: STRINGS, byKey: BY_KEY }, EXAMPLES[route.name]), async (request) => {
      const firstLog = logged.length;
      const { url, payload, contentType, response } = await send(request);
      const status = response.statusCode;
      const problems = responseProblems(response);
      if (STATS) {
        const code = status >= 400 ? /"code":"([^"]*)"/.exec(response.body)?.[1] : '';
        const outcome = `${request.kind} ${status} ${code ?? '?'}`;
        stats[outcome] = (stats[outcome] ?? 0) + 1;
      }

      const after = await digest();
      if (status >= 400) {
        const changed = changedTables(baseline, after);
        if (changed.length > 0) problems.push(`rejected, yet changed ${changed.join(', ')}`);
      }
      baseline = after;

      if (learner && status < 400 && route.method !== 'GET') {
        for (const read of READS) {
          const answer = await inject('GET', read, learner.headers);
          for (const problem of responseProblems(answer))
            problems.push(`then GET ${read} → ${answer.statusCode} ${problem}: ${shorten(answer.body)}`);
          if (answer.statusCode === 401) break; // the change ended the session (a sign-out)
        }
        baseline = await digest();
      }

      if (problems.length > 0) {
        const errors = logged.slice(firstLog).map((line) => shorten(line.err?.stack ?? line.err?.message ?? line.msg, 600));
        failures.push(
          [
            `${route.method} /api/v1${shorten(url, 200)} [${request.kind}]`,
            `  content-type: ${contentType ?? '(none)'}  body: ${shorten(payload)}`,
            `  → ${status} ${shorten(response.body, 300)}`,
            `  problems: ${problems.join('; ')}`,
            ...errors.map((error) => `  logged: ${error}`),
          ].join('\n'),
        );
      }

      // The learner's token ended (a sign-out or password change was accepted): sign in again.
      // A limit reached: a new learner, so the remaining inputs still reach the handler.
      if (learner && status === 401) {
        const login = await inject(
          'POST',
          '/auth/login',
          { 'content-type': 'application/json' },
          JSON.stringify({ username: learner.email, password: learner.password }),
        );
        if (login.statusCode === 200) learner.headers = { authorization: `Bearer ${login.json().access_token}` };
        else learner = await seedLearner();
        baseline = await digest();
      } else if (learner && status === 429) {
        learner = await seedLearner();
        baseline = await digest();
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
  if (STATS) console.log(route.name, stats);
  return failures;
}
