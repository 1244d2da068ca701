import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseEnv } from '../apps/server/src/config/env';
import { databaseTargetFromEnv, openDatabase } from '../apps/server/src/db/client';
import { MIGRATIONS_FOLDER } from '../apps/server/src/db/migrations-folder';
import { systemClock } from '../apps/server/src/lib/clock';
import { createTokenSigner } from '../apps/server/src/lib/tokens';
import { startServer } from './processes';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * The sizes measured, in order (each grows the database of the one before). Other sizes
 * (`BENCH_SCALE_SIZES=1000,20000`) print only; `BENCH_SCALE_MEASURE=1` measures a database kept with
 * `BENCH_KEEP=1` again without seeding.
 */
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,1000000').split(',').map(Number);
const DEFAULT_SIZES = SIZES.join(',') === '10000,1000000';
/** XP events per learner on average: 20 M at 1 M learners. */
const EVENTS_PER_LEARNER = 20;
/** Learners sampled per route and size (each a different learner, sequential requests). */
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 400);
const WARM_UP = 50;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Each size gets a database of its own, `parla_scale_<size>`, so both are measured side by side. */
const DATABASE = process.env.BENCH_SCALE_DATABASE ?? 'parla_scale';
/** Each route's samples are split into rounds that alternate between the sizes: a busy moment hits both. */
const ROUNDS = 4;
const KEEP = process.env.BENCH_KEEP === '1';
const BUDGET_MS = 10;

const databaseUrl = (name: string) => {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const databaseOf = (size: number) => `${DATABASE}_${size}`;

// Names with accents and a few scripts' romanisations, so people search meets what it meets in use.
const FIRST_NAMES = (
  'María,José,Sofía,Lucía,Mateo,Chloé,Zoë,Björn,Søren,Łukasz,Amélie,Inès,Noah,Emma,Olivia,Liam,' +
  'Hana,Yuki,Haruto,Wei,Mei,Jun,Seo-yeon,Min-jun,Priya,Arjun,Aarav,Ananya,Ahmed,Fatima,Omar,Layla,' +
  'Olga,Dmitri,Anastasia,Ivan,Giulia,Marco,Francesca,Luca,João,Beatriz,Thiago,Ana,Lars,Ingrid,' +
  'Pieter,Sanne,Jakob,Lena,Élodie,François,Agnieszka,Zeynep,Mehmet,Kofi,Amara,Nia,Diego,Camila'
).split(',');
const LAST_NAMES = (
  'García,Martínez,López,Müller,Schmidt,Schröder,Dubois,Lefèvre,Rossi,Bianchi,Silva,Gonçalves,' +
  'Santos,Smith,Johnson,Brown,Tanaka,Suzuki,Satō,Wang,Li,Zhang,Chen,Kim,Park,Lee,Sharma,Patel,' +
  'Gupta,Haddad,Khalil,Nasser,Ivanov,Smirnova,Petrov,Kowalski,Nowak,Wiśniewska,de Vries,Jansen,' +
  'Bakker,Andersen,Nielsen,Johansson,Öztürk,Yılmaz,Mensah,Okafor,Novák,Horváth,Papadopoulos,Núñez,' +
  'Peña,Ibáñez,Fernández,Ramírez,Cohen,Levi,O’Brien,Murphy'
).split(',');
const COURSES = ['es', 'fr', 'de', 'it', 'pt', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'nl'];
const NATIVES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ru'];
const ZONES = ['UTC', 'Europe/Madrid', 'America/New_York', 'Asia/Tokyo', 'Asia/Kolkata', 'Europe/Berlin', 'America/Sao_Paulo'];
/**
 * What learners type into search: lesson and word starts in the native language (mostly English here),
 * people's names and surnames (with and without accents), a typo, and two-letter starts.
 */
const QUERIES = (
  'hello,greet,family,food,numb,water,thank,hola,bonjour,colour,helo,famly,maria,jose,sofi,müller,' +
  'muller,chen,tanaka,garcia,lefevre,ivanov,pa,ma'
).split(',');

const sqlList = (values: readonly string[]) => `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;

interface Step {
  label: string;
  ms: number;
}

interface RouteResult {
  route: string;
  median: number;
  p99: number;
  errors: number;
}

interface SizeResult {
  learners: number;
  seedMs: number;
  steps: Step[];
  counts: Record<string, number>;
  routes: RouteResult[];
  sampled: number;
}

/** A client of its own for the seeding: session settings for bulk loading. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function recreateDatabase(name: string): Promise<void> {
  const admin = await connect(BASE_URL);
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  const admin = await connect(BASE_URL);
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

async function migrate(url: string): Promise<void> {
  const database = await openDatabase(databaseTargetFromEnv(parseEnv({ DATABASE_URL: url })));
  try {
    await database.migrate(MIGRATIONS_FOLDER);
  } finally {
    await database.close();
  }
}

/**
 * Runs `load` with the table's indexes (and, with `constraints`, its primary key and unique
 * constraints) dropped, then builds them again: one sorted build instead of millions of inserts into
 * a btree bigger than the buffer cache.
 */
async function withoutIndexes(client: pg.Client, table: string, constraints: boolean, load: () => Promise<void>): Promise<void> {
  const owned = constraints
    ? (
        await client.query<{ name: string; definition: string }>(
          `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
            where conrelid = $1::regclass and contype in ('p', 'u')`,
          [table],
        )
      ).rows
    : [];
  const indexes = (
    await client.query<{ name: string; definition: string }>(
      `select i.relname as name, pg_get_indexdef(i.oid) as definition
         from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = $1::regclass
          and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
      [table],
    )
  ).rows;
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  for (const constraint of owned) await client.query(`alter table ${table} drop constraint ${constraint.name}`);
  await load();
  for (const constraint of owned)
    await client.query(`alter table ${table} add constraint ${constraint.name} ${constraint.definition}`);
  for (const index of indexes) await client.query(index.definition);
}

/**
 * Seeds learners `from` to `to` − 1 (the derived tables recomputed whole): learner n's id is made from md5('parla-scale:' || n), so
 * any statement can name any learner without a lookup. The tables the app derives from XP events
 * (daily activity, weekly XP, the profile's totals and streaks, this week's league placement) are
 * computed from the events, as the app would have left them.
 */
async function seed(client: pg.Client, from: number, to: number): Promise<Step[]> {
  const steps: Step[] = [];
  const step = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    const ms = performance.now() - started;
    steps.push({ label, ms });
    console.log(`  ${label.padEnd(52)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
  };
  const q = (text: string) => client.query(text);
  const learners = to - from;
  const events = learners * EVENTS_PER_LEARNER;
  // 70 % of the new learners earned XP at some point; a few of them very much (the skew below).
  const active = Math.max(1, Math.floor(learners * 0.7));
  const eventsFrom = from * EVENTS_PER_LEARNER;

  await step('helpers', async () => {
    // A version-4 UUID's shape (the API's schemas check it): the version and variant digits set.
    await q(`create or replace function scale_id(n int) returns uuid language sql immutable parallel safe
             return overlay(overlay(md5('parla-scale:' || n) placing '4' from 13) placing '8' from 17)::uuid`);
    await q(`create or replace function scale_zone(n int) returns text language sql immutable parallel safe
             return (${sqlList(ZONES)})[1 + n % ${ZONES.length}]`);
  });
  await step(`users (${learners})`, () =>
    withoutIndexes(client, 'users', false, async () => {
      await q(`
        insert into users (id, email, full_name, password_hash, plan, created_at, updated_at)
        select scale_id(n), 'learner' || n || '@scale.parla.test',
               (${sqlList(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] || ' ' ||
               (${sqlList(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int],
               null, case when random() < 0.1 then 'premium' else 'free' end,
               now() - interval '400 days' * random(), now()
        from generate_series(${from}, ${to - 1}) n`);
    }),
  );
  // Events: learner from + active·r² (r uniform) is skewed towards a few heavy learners; the time
  // now − 365 days·s³ puts about a sixth of a year's events into the current week.
  await step(`xp_events (${events})`, () =>
    withoutIndexes(client, 'xp_events', true, async () => {
      await q(`
        insert into xp_events (user_id, source_kind, source_id, xp, local_date, created_at)
        select scale_id(n), kind, 'scale-' || g,
               case kind when 'lesson' then 10 + (g % 11) when 'practice' then 5 + (g % 6) else 5 end,
               (at at time zone scale_zone(n))::date, at
        from (
          select g, ${from} + floor(${active} * r1 * r1)::int as n,
                 now() - interval '365 days' * (r2 * r2 * r2) as at,
                 case when r3 < 0.6 then 'lesson' when r3 < 0.85 then 'practice' else 'review' end as kind
          from (select g, random() as r1, random() as r2, random() as r3
                  from generate_series(${eventsFrom}, ${eventsFrom + events - 1}) g) raw
        ) e`);
    }),
  );
  // Recomputed whole from the events (the learners of earlier sizes are a small part).
  await step('daily_activity (from the events)', async () => {
    await q('truncate daily_activity');
    await withoutIndexes(client, 'daily_activity', true, async () => {
      await q(`
        insert into daily_activity (user_id, local_date, xp, lessons, practices)
        select user_id, local_date, sum(xp), count(*) filter (where source_kind = 'lesson'),
               count(*) filter (where source_kind <> 'lesson')
        from xp_events group by user_id, local_date`);
    });
  });
  await step('weekly_xp (from the events)', async () => {
    await q('truncate weekly_xp');
    await withoutIndexes(client, 'weekly_xp', true, async () => {
      await q(`
        insert into weekly_xp (user_id, week_start, xp)
        select user_id, date_trunc('week', created_at at time zone 'UTC')::date, sum(xp)
        from xp_events group by 1, 2`);
    });
  });
  // Totals and streaks of the new learners (those of earlier sizes earned nothing since).
  await step('profiles (totals and streaks from the events)', async () => {
    await q(`
      create temp table new_learners as
      select scale_id(n) as user_id, n from generate_series(${from}, ${to - 1}) n`);
    await q('alter table new_learners add primary key (user_id)');
    // Totals and streaks in one pass over the daily activity (itself made from the events). A streak
    // is a run of consecutive local days (freezes and vacations left aside): the longest run, and the
    // run ending on the last active day if that is today or yesterday.
    await q(`
      create temp table learner_days as
      with days as (
        select user_id, local_date, xp, lessons, practices,
               local_date - (row_number() over (partition by user_id order by local_date))::int as run
        from daily_activity
      ), runs as (
        select user_id, count(*)::int as days, max(local_date) as last_day, sum(xp) as xp, sum(lessons) as lessons,
               sum(practices) as practices
        from days group by user_id, run
      )
      select user_id, sum(xp)::int as total_xp, sum(lessons)::int as lessons, sum(practices)::int as practices,
             max(days) as longest, max(last_day) as last_day, (array_agg(days order by last_day desc))[1] as last_run
      from runs group by user_id`);
    await withoutIndexes(client, 'profiles', false, async () => {
      await q(`
        insert into profiles (user_id, native_language, target_language, proficiency, timezone, interface_language,
                              profile_completed, total_xp, current_streak, longest_streak, lessons_completed,
                              practices_completed, last_active_date, streak_freezes, daily_goal_xp, is_private,
                              last_seen_at, updated_at)
        select l.user_id, (${sqlList(NATIVES)})[1 + (l.n / 12) % ${NATIVES.length}],
               (${sqlList(COURSES)})[1 + l.n % ${COURSES.length}],
               (array['beginner', 'intermediate', 'advanced'])[1 + (l.n / 7) % 3], scale_zone(l.n), null,
               random() < 0.97, coalesce(d.total_xp, 0),
               case when d.last_day >= (now() at time zone scale_zone(l.n))::date - 1 then d.last_run else 0 end,
               coalesce(d.longest, 0), coalesce(d.lessons, 0), coalesce(d.practices, 0), d.last_day,
               least(2, coalesce(d.last_run, 0) / 7), (array[20, 50, 100])[1 + l.n % 3], random() < 0.05,
               least(now(), d.last_day + time '18:00'), now()
        from new_learners l left join learner_days d on d.user_id = l.user_id`);
    });
    await q('drop table new_learners, learner_days');
  });
  // Each new learner follows 0–40 others (most a few; 1 % follow 100–300), half of them learners of
  // the same course; about 30 % follow back.
  await step('follows', () =>
    withoutIndexes(client, 'follows', true, async () => {
      await q(`
        insert into follows (follower_id, followee_id, created_at)
        with counts as (
          select n, floor(40 * r * r * r)::int + case when random() < 0.01 then 100 + floor(random() * 200)::int else 0 end as k
          from (select n, random() as r from generate_series(${from}, ${to - 1}) n) s
        ), picks as (
          select c.n as a,
                 case when random() < 0.5 then floor(random() * ${Math.ceil(to / 12)})::int * 12 + c.n % 12
                      else floor(random() * ${to})::int end as b
          from counts c cross join lateral generate_series(1, c.k) j
        ), pairs as (
          select a, b from picks where b < ${to} and b <> a
          union
          select b, a from picks where b < ${to} and b <> a and random() < 0.3
        )
        select scale_id(a), scale_id(b), now() - interval '300 days' * random() from pairs`);
    }),
  );
  // 0.5 % of the new learners block someone (the follows between the two go, both ways).
  await step('blocks', async () => {
    await q(`
      insert into blocks (blocker_id, blocked_id)
      select distinct scale_id(n), scale_id(m) from (
        select n, floor(random() * ${to})::int as m from generate_series(${from}, ${to - 1}) n where random() < 0.005
      ) s where m <> n
      on conflict do nothing`);
    await q(`
      delete from follows f using blocks b
      where (f.follower_id = b.blocker_id and f.followee_id = b.blocked_id)
         or (f.follower_id = b.blocked_id and f.followee_id = b.blocker_id)`);
  });
  // Tiers the week-end jobs of earlier weeks left (no row: tier 1), then this week's placement: each
  // learner with XP this week in a cohort of at most 30 of their tier, in the order of their first
  // XP of the week (the order placement would have seen them in). Last week counts as closed.
  await step('leagues (tiers, this week’s cohorts)', async () => {
    await q(`
      insert into league_tiers (user_id, tier)
      select scale_id(n), 2 + floor(9 * r * r)::int
      from (select n, random() as r from generate_series(${from}, ${to - 1}) n) s where r > 0.3`);
    await q('truncate league_members, league_cohorts, league_weeks_closed');
    await q(`
      create temp table placed as
      with week as (select date_trunc('week', now() at time zone 'UTC')::date as start),
      firsts as (
        select e.user_id, min(e.created_at) as first_at from xp_events e, week
        where e.created_at >= (week.start::timestamp at time zone 'UTC') group by e.user_id
      ), ordered as (
        select f.user_id, f.first_at, coalesce(t.tier, 1) as tier,
               row_number() over (partition by coalesce(t.tier, 1) order by f.first_at, f.user_id) - 1 as position
        from firsts f left join league_tiers t on t.user_id = f.user_id
      )
      select o.user_id, o.first_at, o.tier, o.position / 30 as chunk, week.start as week_start from ordered o, week`);
    await q(`
      create temp table cohorts as
      select gen_random_uuid() as id, week_start, tier, chunk, count(*)::int as size, min(first_at) as created_at
      from placed group by week_start, tier, chunk`);
    await q(`insert into league_cohorts (id, week_start, tier, size, created_at)
             select id, week_start, tier, size, created_at from cohorts`);
    await withoutIndexes(client, 'league_members', true, async () => {
      await q(`
        insert into league_members (user_id, week_start, cohort_id, placed_at)
        select p.user_id, p.week_start, c.id, p.first_at
        from placed p join cohorts c on c.tier = p.tier and c.chunk = p.chunk`);
    });
    await q(`insert into league_weeks_closed (week_start, closed_at)
             select date_trunc('week', now() at time zone 'UTC')::date - 7, date_trunc('week', now() at time zone 'UTC')`);
    await q('drop table placed, cohorts');
  });
  await step('vacuum (analyze)', async () => {
    for (const table of [
      'users',
      'profiles',
      'xp_events',
      'daily_activity',
      'weekly_xp',
      'follows',
      'blocks',
      'league_tiers',
      'league_cohorts',
      'league_members',
    ]) {
      await q(`vacuum (analyze) ${table}`);
    }
    await q('checkpoint').catch(() => {});
  });
  return steps;
}

async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'xp_events',
    'daily_activity',
    'weekly_xp',
    'follows',
    'blocks',
    'league_cohorts',
    'league_members',
  ]) {
    const { rows } = await client.query<{ count: string }>(`select count(*) from ${table}`);
    counts[table] = Number(rows[0]?.count ?? 0);
  }
  const { rows } = await client.query<{ private: string; this_week: string }>(`
    select (select count(*) from profiles where is_private) as private,
           (select count(*) from weekly_xp where week_start = date_trunc('week', now() at time zone 'UTC')::date) as this_week`);
  counts.private_profiles = Number(rows[0]?.private ?? 0);
  counts.active_this_week = Number(rows[0]?.this_week ?? 0);
  return counts;
}

/** The built server on this database (bench/processes.ts). */
const startAppServer = (env: Record<string, string>) =>
  startServer(['apps/server/dist/main.js'], '/api/v1/health', env, { timeoutMs: 120_000 });

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

interface Target {
  learners: number;
  url: string;
  tokens: string[];
  stop(): Promise<void>;
}

/** The built server on a size's database, with access tokens for a sample of its learners. */
async function startTarget(learners: number): Promise<Target> {
  const url = databaseUrl(databaseOf(learners));
  const client = await connect(url);
  // Learners who used the app this week (placed in a league), each a different one per request.
  const { rows } = await client
    .query<{ user_id: string }>(`select user_id from league_members order by random() limit ${SAMPLES}`)
    .finally(() => client.end());
  const secret = randomBytes(32).toString('hex');
  const signer = createTokenSigner({ secret, ttlSeconds: 3_600, clock: systemClock });
  const tokens = await Promise.all(
    rows.map(
      async (row) =>
        (await signer.sign({ userId: row.user_id, familyId: randomUUID(), tokenId: randomUUID(), issuedAt: new Date() })).token,
    ),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'parla-scale-'));
  const server = await startAppServer({ DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET: secret });
  // The content bank and its search index load shortly after start; then each sampled learner's
  // first request (which also writes their presence, once a minute) before anything is measured.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  for (const token of tokens) {
    await fetch(`${server.url}/api/v1/users/me/notifications`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
      r.arrayBuffer(),
    );
  }
  return {
    learners,
    url: server.url,
    tokens,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ROUTES: { route: string; path: (index: number) => string }[] = [
  { route: 'GET /api/v1/users/leaderboard?scope=friends', path: () => '/api/v1/users/leaderboard?scope=friends' },
  { route: 'GET /api/v1/users/leaderboard?scope=league', path: () => '/api/v1/users/leaderboard?scope=league' },
  { route: 'GET /api/v1/dashboard', path: () => '/api/v1/dashboard' },
  {
    route: 'GET /api/v1/search?q=…',
    path: (index) => `/api/v1/search?q=${encodeURIComponent(QUERIES[index % QUERIES.length] as string)}`,
  },
];

/**
 * One request per sampled learner, one at a time (latency, not load), after a warm-up; each route's
 * samples in rounds alternating between the sizes.
 */
async function measureTargets(targets: Target[]): Promise<Map<number, RouteResult[]>> {
  const results = new Map<number, RouteResult[]>(targets.map((target) => [target.learners, []]));
  const get = async (target: Target, path: string, token: string) => {
    const response = await fetch(`${target.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status === 200;
  };
  for (const { route, path } of ROUTES) {
    const times = new Map<number, number[]>(targets.map((target) => [target.learners, []]));
    const errors = new Map<number, number>(targets.map((target) => [target.learners, 0]));
    for (const target of targets) {
      for (const [index, token] of target.tokens.slice(0, WARM_UP).entries()) await get(target, path(index), token);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const per = Math.ceil(target.tokens.length / ROUNDS);
        for (let index = round * per; index < Math.min(target.tokens.length, (round + 1) * per); index++) {
          const started = performance.now();
          const ok = await get(target, path(index), target.tokens[index] as string);
          times.get(target.learners)?.push(performance.now() - started);
          if (!ok) errors.set(target.learners, (errors.get(target.learners) ?? 0) + 1);
        }
      }
    }
    for (const target of targets) {
      const sorted = (times.get(target.learners) ?? []).sort((a, b) => a - b);
      const result = {
        route,
        median: round(quantile(sorted, 0.5)),
        p99: round(quantile(sorted, 0.99)),
        errors: errors.get(target.learners) ?? 0,
      };
      results.get(target.learners)?.push(result);
      console.log(
        `  ${String(target.learners).padStart(8)}  ${route.padEnd(46)} median ${result.median} ms  p99 ${result.p99} ms  errors ${result.errors}`,
      );
    }
  }
  return results;
}

/** Measures every size's database side by side. */
async function measureAll(sizes: number[]): Promise<{ routes: Map<number, RouteResult[]>; load: number[] }> {
  const targets: Target[] = [];
  try {
    for (const size of sizes) targets.push(await startTarget(size));
    console.log(`\nMeasuring: ${SAMPLES} sampled learners per size, sequential requests over HTTP, sizes alternating`);
    const before = loadavg()[0] ?? 0;
    const routes = await measureTargets(targets);
    return { routes, load: [before, loadavg()[0] ?? 0] };
  } finally {
    for (const target of targets) await target.stop();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const thousands = (value: number) => value.toLocaleString('en-US');

function section(results: SizeResult[], load: number[]): string {
  const first = results[0];
  const last = results[results.length - 1];
  const routes = first?.routes.map((route) => route.route) ?? [];
  const sizeLabel = (learners: number) => (learners >= 1_000_000 ? `${learners / 1_000_000} M` : `${learners / 1_000} k`);
  const verdict = (route: string) => {
    const small = first?.routes.find((one) => one.route === route);
    const large = last?.routes.find((one) => one.route === route);
    if (!small || !large) return '—';
    const ratio = large.median / small.median;
    const ok = large.median <= BUDGET_MS && ratio <= 2 && large.errors === 0;
    return `${ratio.toFixed(2)}× ${ok ? '✅' : '❌'}`;
  };
  const counted = Object.keys(last?.counts ?? {});
  return `## At scale (\`npm run bench --scale\`)

Written by \`npm run bench --scale\` (${new Date().toISOString().slice(0, 10)}; ${cpus().length} CPUs, Node ${process.version}). Each size is a
PostgreSQL database of its own, seeded with set-based SQL (\`generate_series\`) and migrated like the app's. Each route:
${last?.sampled ?? 0} different learners per size who earned XP this week (placed in a league), one request at a time over HTTP
to the built server (one per size, started after seeding; ${WARM_UP} warm-up requests per route, and one first request per
learner before any), access tokens signed with the server's secret; the samples in ${ROUNDS} rounds alternating between the
sizes, so a busy moment of the machine hits both. Load average while measuring: ${load.map((value) => value.toFixed(1)).join(' → ')}
(the machine is shared with other work: absolute numbers are noisy, the side-by-side ratio less so).
Search cycles through ${QUERIES.length} queries: lesson and word starts, first names and surnames with and without accents,
typos and two-letter starts. Budget (issue 16): each route ≤ ${BUDGET_MS} ms median at 1 M and within 2× of its 10 k median.

| route | ${results.map((result) => `${sizeLabel(result.learners)} median ms | ${sizeLabel(result.learners)} p99 ms`).join(' | ')} | 1 M ÷ 10 k (median), budget |
|---|${results.map(() => '---:|---:|').join('')}---|
${routes
  .map(
    (route) =>
      `| ${route} | ${results
        .map((result) => {
          const one = result.routes.find((candidate) => candidate.route === route);
          return `${one?.median ?? '—'} | ${one?.p99 ?? '—'}${one?.errors ? ` (${one.errors} errors)` : ''}`;
        })
        .join(' | ')} | ${verdict(route)} |`,
  )
  .join('\n')}

| rows | ${results.map((result) => sizeLabel(result.learners)).join(' | ')} |
|---|${results.map(() => '---:|').join('')}
${counted.map((table) => `| ${table} | ${results.map((result) => thousands(result.counts[table] ?? 0)).join(' | ')} |`).join('\n')}
| seeding time | ${results.map((result) => seconds(result.seedMs)).join(' | ')} |

Seeding ${last ? sizeLabel(last.learners) : ''}: ${last?.steps.map((step) => `${step.label} ${seconds(step.ms)}`).join(', ') ?? ''}.

Seeded: learners across the 12 courses, 10 native languages and 7 time zones (names from 60 first names and 60
surnames, accents included: a common name is shared by thousands at 1 M); 70 % of the learners earned XP (skewed:
a few learners hold many events), ${EVENTS_PER_LEARNER} events per learner on average over the last year, about a sixth of them
in the current week; daily activity, weekly XP, the profiles' totals and streaks computed from the events; each
learner follows 0–40 others (1 % follow 100–300; half in their course; about 30 % followed back); 3 % never finished
setting up; 5 % private profiles; 0.5 % block someone; league tiers as earlier week-end jobs left them and this
week's cohorts of at most 30 per tier in the order of each learner's first XP of the week, last week closed. Not
seeded: lesson sessions, lesson progress and achievements (the dashboard reads them by the learner's key; empty here).

Found at 1 M with \`EXPLAIN (ANALYZE, BUFFERS)\` and fixed: people search ranked every learner whose name matched.
The trigram index found all names containing the query and, for typos, read the entries of every trigram it shares
with other names: "maria" ranked 955 learners in 65 ms at 20 k, 16,700 names contain it at 1 M, and a two-letter
query read the whole index (270 ms at 20 k). Now at most 100 of each kind are ranked, each kind looked for only when
the kinds before it leave the page short: names starting with the query (a btree, migration 0031), names whose
second word does (a btree, migration 0032), names containing it (the trigram index), near misses (the trigram
index); each name is normalised once. The friends board, the league and the dashboard needed nothing: key and
index lookups whose cost follows the learner's own rows (follows, a cohort of 30, seven days), not the number of
learners.
`;
}

/** Replaces (or appends) the "At scale" section of bench/RESULTS.md, leaving the rest as it is. */
function writeSection(markdown: string): void {
  const file = join(ROOT, 'bench/RESULTS.md');
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf('\n## At scale');
  const before = start === -1 ? current.trimEnd() : current.slice(0, start).trimEnd();
  const next = start === -1 ? -1 : current.indexOf('\n## ', start + 1);
  const after = next === -1 ? '' : `\n${current.slice(next).trimEnd()}`;
  writeFileSync(file, `${before}\n\n${markdown.trimEnd()}\n${after ? `${after}\n` : ''}`);
}

/** The "At scale" section of bench/RESULTS.md, for `npm run bench` to keep when it rewrites the file. */
export function scaleSection(markdown: string): string {
  const start = markdown.indexOf('\n## At scale');
  if (start === -1) return '';
  const next = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start + 1, next === -1 ? undefined : next).trimEnd();
}

export async function runScale(): Promise<void> {
  if (process.env.BENCH_SCALE_MEASURE === '1') {
    // Only measure the databases kept by an earlier run (BENCH_KEEP=1): prints, writes nothing.
    await measureAll(SIZES);
    return;
  }
  console.log(`Parla scale bench: ${SIZES.join(', ')} learners, ${cpus().length} CPUs\n`);
  const results: SizeResult[] = [];
  try {
    for (const size of SIZES) {
      const url = databaseUrl(databaseOf(size));
      await recreateDatabase(databaseOf(size));
      await migrate(url);
      const client = await connect(url);
      try {
        // Bulk-load settings for this session only; without the superuser's replica role the foreign
        // keys are checked row by row (slower, same result).
        await client.query(`set maintenance_work_mem = '1GB'`);
        await client.query(`set work_mem = '256MB'`);
        await client.query('set synchronous_commit = off');
        await client.query(`set session_replication_role = replica`).catch(() => {});
        console.log(`Seeding ${size} learners into ${databaseOf(size)}:`);
        const started = performance.now();
        const steps = await seed(client, 0, size);
        const seedMs = performance.now() - started;
        const counts = await countRows(client);
        console.log(`  seeded in ${seconds(seedMs)}: ${JSON.stringify(counts)}`);
        results.push({ learners: size, seedMs, steps, counts, routes: [], sampled: 0 });
      } finally {
        await client.end();
      }
    }
    const measured = await measureAll(SIZES);
    for (const result of results) {
      result.routes = measured.routes.get(result.learners) ?? [];
      result.sampled = SAMPLES;
    }
    const markdown = section(results, measured.load);
    if (DEFAULT_SIZES) {
      writeSection(markdown);
      console.log(`\n${markdown}\nwrote the "At scale" section of bench/RESULTS.md`);
    } else {
      console.log(`\n${markdown}\n(other sizes than 10000,1000000: bench/RESULTS.md left as it was)`);
    }
  } finally {
    for (const size of SIZES) {
      if (!KEEP) await dropDatabase(databaseOf(size));
      else console.log(`kept the database ${databaseOf(size)} (BENCH_KEEP=1)`);
    }
  }
}
