import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import { databaseTimeZones } from '@parla/shared/time-zones';
import { GetMeResponseSchema, UserProfileSchema } from '@parla/shared/users.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrations-folder';
import { profiles } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { registerUser } from '../../test/factories';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const request = (method: 'GET' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET /users/me', () => {
  it('returns the learner and a profile with defaults', async () => {
    const account = await registerUser(ctx.app, { native_language: 'fr', proficiency_level: 'intermediate' });
    const response = await request('GET', '/users/me', account.bearer);
    expect(response.statusCode).toBe(200);
    const body = GetMeResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({
      email: account.email,
      full_name: 'Ana García',
      native_language: 'fr',
      proficiency_level: 'intermediate',
    });
    expect(body.profile).toMatchObject({
      user_id: body.user.id,
      native_language: 'fr',
      target_language: 'es',
      proficiency: 'intermediate',
      timezone: 'UTC',
      // Nobody chose one yet: the device decides until setup or the learner does.
      interface_language: null,
      theme: 'system',
      profile_completed: false,
      total_xp: 0,
      current_streak: 0,
      lessons_completed: 0,
    });
  });

  it('starts a Spanish speaker on a course other than Spanish', async () => {
    const account = await registerUser(ctx.app, { native_language: 'es' });
    const body = GetMeResponseSchema.parse((await request('GET', '/users/me', account.bearer)).json());
    expect(body.profile.target_language).not.toBe('es');
  });

  it('needs a token', async () => {
    const response = await request('GET', '/users/me');
    expect(response.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('unauthorized');
  });
});

describe('GET /users/{id}/profile', () => {
  it('answers for "me" and for the caller’s own id', async () => {
    const account = await registerUser(ctx.app);
    const byMe = await request('GET', '/users/me/profile', account.bearer);
    const byId = await request('GET', `/users/${account.auth.user.id}/profile`, account.bearer);
    expect(byMe.statusCode).toBe(200);
    expect(byId.json()).toEqual(byMe.json());
    expect(UserProfileSchema.parse(byMe.json()).user_id).toBe(account.auth.user.id);
  });

  it('refuses another learner’s profile with 403 and a malformed id with 400', async () => {
    const [alice, bob] = [await registerUser(ctx.app), await registerUser(ctx.app)];
    const other = await request('GET', `/users/${bob.auth.user.id}/profile`, alice.bearer);
    expect(other.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(other.json()).code).toBe('forbidden');
    expect((await request('GET', '/users/not-a-uuid/profile', alice.bearer)).statusCode).toBe(400);
    expect((await request('GET', `/users/${bob.auth.user.id}/profile`)).statusCode).toBe(401);
  });
});

describe('PUT /users/{id}/profile', () => {
  const setup = {
    native_language: 'en',
    target_language: 'ja',
    proficiency: 'beginner',
    learning_styles: ['visual', 'auditory'],
    goals: ['travel'],
    timezone: 'Europe/Madrid',
    interface_language: 'es',
    theme: 'dark',
    profile_completed: true,
  };

  it('saves the profile setup and returns the new profile', async () => {
    const account = await registerUser(ctx.app);
    const response = await request('PUT', '/users/me/profile', account.bearer, setup);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...setup, total_xp: 0 });
    const again = await request('GET', '/users/me/profile', account.bearer);
    expect(again.json()).toMatchObject(setup);
  });

  it.each([
    ['XP (read-only)', { total_xp: 1_000_000 }, 'body'],
    ['a streak (read-only)', { current_streak: 99 }, 'body'],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'body.timezone'],
    // Zones JavaScript still knows but PostgreSQL's tzdata dropped: saved, they broke every dashboard.
    ['a time zone only JavaScript knows (US/Pacific-New)', { timezone: 'US/Pacific-New' }, 'body.timezone'],
    ['a time zone only JavaScript knows (Canada/East-Saskatchewan)', { timezone: 'Canada/East-Saskatchewan' }, 'body.timezone'],
    ['a time zone only PostgreSQL knows (Factory)', { timezone: 'Factory' }, 'body.timezone'],
    ['an unknown course', { target_language: 'tlh' }, 'body.target_language'],
    ['English as a course', { target_language: 'en' }, 'body.target_language'],
    ['a repeated learning style', { learning_styles: ['visual', 'visual'] }, 'body.learning_styles'],
    ['an unknown goal', { goals: ['fame'] }, 'body.goals.0'],
    ['an unknown theme', { theme: 'sepia' }, 'body.theme'],
    ['the native language as the course', { native_language: 'ja', target_language: 'ja' }, 'body.target_language'],
    ['completing without a learning style', { learning_styles: [], profile_completed: true }, 'body.learning_styles'],
  ])('answers 400 for %s and changes nothing', async (_case, body, path) => {
    const account = await registerUser(ctx.app);
    const before = (await request('GET', '/users/me/profile', account.bearer)).json();
    const response = await request('PUT', '/users/me/profile', account.bearer, body);
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).errors?.map((item) => item.path)).toContain(path);
    expect((await request('GET', '/users/me/profile', account.bearer)).json()).toEqual(before);
  });

  it('accepts the older names of zones that browsers still report', async () => {
    const account = await registerUser(ctx.app);
    for (const timezone of ['Asia/Calcutta', 'Asia/Kolkata', 'US/Pacific', 'Europe/Kiev', 'Europe/Kyiv', 'UTC']) {
      const response = await request('PUT', '/users/me/profile', account.bearer, { timezone });
      expect(response.statusCode, timezone).toBe(200);
      expect(UserProfileSchema.parse(response.json()).timezone).toBe(timezone);
    }
  });

  it('only accepts zones this database knows', async () => {
    const result = await ctx.database.handle.db.execute(sql`select name from pg_timezone_names`);
    const known = new Set((result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
    expect([...databaseTimeZones()].filter((zone) => !known.has(zone))).toEqual([]);
  });

  it('still answers every read for a zone saved before zones were checked, counting its days in UTC', async () => {
    const account = await registerUser(ctx.app);
    await request('PUT', '/users/me/profile', account.bearer, { target_language: 'es', timezone: 'Pacific/Kiritimati' });
    for (const timezone of ['US/Pacific-New', 'Factory', 'Mars/Olympus_Mons']) {
      await ctx.database.handle.db.update(profiles).set({ timezone }).where(eq(profiles.userId, account.auth.user.id));
      const dashboard = await request('GET', '/dashboard', account.bearer);
      expect(dashboard.statusCode, timezone).toBe(200);
      // 10:00 UTC is already the next day in Kiritimati (UTC+14): the day shown is UTC's.
      expect(DashboardResponseSchema.parse(dashboard.json()).week.at(-1)?.date).toBe('2026-11-21');
      expect((await request('GET', '/users/me', account.bearer)).statusCode, timezone).toBe(200);
      expect((await request('GET', '/users/me/profile', account.bearer)).statusCode, timezone).toBe(200);
    }
  });

  it('keeps the interface language the learner chose, until they give the choice back to the device', async () => {
    const account = await registerUser(ctx.app, { native_language: 'fr' });
    const chosen = await request('PUT', '/users/me/profile', account.bearer, { interface_language: 'ar' });
    expect(UserProfileSchema.parse(chosen.json()).interface_language).toBe('ar');
    const me = GetMeResponseSchema.parse((await request('GET', '/users/me', account.bearer)).json());
    expect(me.profile).toMatchObject({ interface_language: 'ar', native_language: 'fr' });
    const cleared = await request('PUT', '/users/me/profile', account.bearer, { interface_language: null });
    expect(UserProfileSchema.parse(cleared.json()).interface_language).toBeNull();
    const unknown = await request('PUT', '/users/me/profile', account.bearer, { interface_language: 'tlh' });
    expect(unknown.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(unknown.json()).errors?.map((item) => item.path)).toContain('body.interface_language');
  });

  it('gives learners who finished setup before migration 0014 their native language as the interface language', async () => {
    const finished = await registerUser(ctx.app, { native_language: 'fr' });
    await request('PUT', '/users/me/profile', finished.bearer, {
      ...setup,
      native_language: 'fr',
      interface_language: undefined,
    });
    const unfinished = await registerUser(ctx.app, { native_language: 'de' });
    const chose = await registerUser(ctx.app, { native_language: 'fr' });
    await request('PUT', '/users/me/profile', chose.bearer, { interface_language: 'ja' });
    // As the column stood before: 'en' for everyone who had not chosen (nobody could).
    const db = ctx.database.handle.db;
    for (const account of [finished, unfinished])
      await db.execute(sql`update profiles set interface_language = 'en' where user_id = ${account.auth.user.id}`);
    const text = readFileSync(join(MIGRATIONS_FOLDER, '0014_interface_language_chosen.sql'), 'utf8');
    for (const statement of text.split('--> statement-breakpoint').filter((part) => /^\s*UPDATE/m.test(part)))
      await db.execute(sql.raw(statement));
    const language = async (account: { bearer: Record<string, string> }) =>
      UserProfileSchema.parse((await request('GET', '/users/me/profile', account.bearer)).json()).interface_language;
    expect(await language(finished)).toBe('fr');
    expect(await language(unfinished)).toBeNull();
    expect(await language(chose)).toBe('ja');
  });

  it('refuses to change another learner’s profile, which stays as it was', async () => {
    const [alice, bob] = [await registerUser(ctx.app), await registerUser(ctx.app)];
    const before = (await request('GET', '/users/me/profile', bob.bearer)).json();
    const response = await request('PUT', `/users/${bob.auth.user.id}/profile`, alice.bearer, { theme: 'dark' });
    expect(response.statusCode).toBe(403);
    expect((await request('GET', '/users/me/profile', bob.bearer)).json()).toEqual(before);
    expect((await request('PUT', '/users/me/profile', {}, { theme: 'dark' })).statusCode).toBe(401);
  });
});
