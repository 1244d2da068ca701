import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import { PreferencesSchema } from '@parla/shared/preferences.schema';
import { GetMeResponseSchema } from '@parla/shared/users.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testClock, testEnv } from '../../test/build-test-app';
import { registerUser } from '../../test/factories';

// Saturday 21 November 2026, 12:00 UTC — already Sunday the 22nd in Auckland (UTC+13).
const NOW = '2026-11-21T12:00:00Z';
const clock = testClock(NOW);
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const put = (url: string, headers: Headers, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers, payload: payload as object });
/** A fresh access token once the clock has moved past the first one's life. */
async function signIn(account: { email: string; password: string }): Promise<Headers> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: account.email, password: account.password },
    remoteAddress: '10.77.0.1',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
}
const preferencesOf = async (headers: Headers) => PreferencesSchema.parse((await get('/users/me/preferences', headers)).json());

describe('GET /users/{id}/preferences', () => {
  it('gives a new learner the defaults: in-app notifications on, e-mail and push off, a 19:00 reminder, 50 XP a day', async () => {
    const account = await registerUser(ctx.app);
    const response = await get('/users/me/preferences', account.bearer);
    expect(response.statusCode).toBe(200);
    expect(PreferencesSchema.parse(response.json())).toMatchObject({
      interface_language: null,
      theme: 'system',
      notifications: { in_app: true, email: false, push: false },
      push_available: true,
      reminder_time: '19:00',
      daily_goal_xp: 50,
      timezone: 'UTC',
      vacation: null,
    });
    const byId = await get(`/users/${account.auth.user.id}/preferences`, account.bearer);
    expect(byId.json()).toEqual(response.json());
  });

  it('refuses another learner’s preferences (403), a malformed id (400) and no token (401)', async () => {
    const [alice, bob] = [await registerUser(ctx.app), await registerUser(ctx.app)];
    const other = await get(`/users/${bob.auth.user.id}/preferences`, alice.bearer);
    expect(other.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(other.json()).code).toBe('forbidden');
    expect((await get('/users/not-a-uuid/preferences', alice.bearer)).statusCode).toBe(400);
    expect((await get('/users/me/preferences')).statusCode).toBe(401);
  });
});

describe('PUT /users/{id}/preferences', () => {
  it('changes only what it names, keeps it for the next device, and feeds the profile and the dashboard', async () => {
    const account = await registerUser(ctx.app);
    const response = await put('/users/me/preferences', account.bearer, {
      interface_language: 'ar',
      theme: 'dark',
      notifications: { email: true },
      reminder_time: '07:30',
      daily_goal_xp: 120,
      timezone: 'Europe/Madrid',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      interface_language: 'ar',
      theme: 'dark',
      notifications: { in_app: true, email: true, push: false },
      reminder_time: '07:30',
      daily_goal_xp: 120,
      timezone: 'Europe/Madrid',
      vacation: null,
    };
    expect(PreferencesSchema.parse(response.json())).toMatchObject(expected);
    // A second sign-in (another device) reads the same.
    expect(await preferencesOf(account.bearer)).toMatchObject(expected);

    // One home for each value: the profile and the dashboard's daily goal read the same columns.
    const me = GetMeResponseSchema.parse((await get('/users/me', account.bearer)).json());
    expect(me.profile).toMatchObject({ interface_language: 'ar', theme: 'dark', timezone: 'Europe/Madrid' });
    const dashboard = await get('/dashboard', account.bearer);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(DashboardResponseSchema.parse(dashboard.json()).daily_goal_xp).toBe(120);

    // Turning in-app off keeps e-mail; null gives the interface language back to the device.
    const next = await put('/users/me/preferences', account.bearer, {
      notifications: { in_app: false },
      interface_language: null,
    });
    expect(PreferencesSchema.parse(next.json())).toMatchObject({
      interface_language: null,
      notifications: { in_app: false, email: true, push: false },
      reminder_time: '07:30',
    });
  });

  it('answers a retried PUT with the same body alike (idempotent)', async () => {
    const account = await registerUser(ctx.app);
    const body = { theme: 'light', daily_goal_xp: 30, vacation_until: '2026-11-25' };
    const first = await put('/users/me/preferences', account.bearer, body);
    const again = await put('/users/me/preferences', account.bearer, body);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    const { updated_at: _a, ...a } = PreferencesSchema.parse(first.json());
    const { updated_at: _b, ...b } = PreferencesSchema.parse(again.json());
    expect(b).toEqual(a);
    expect(a.vacation).toEqual({ start: '2026-11-21', until: '2026-11-25' });
  });

  it('sets a vacation from today for at most 14 days, counted in the learner’s own time zone', async () => {
    const account = await registerUser(ctx.app);
    await put('/users/me/preferences', account.bearer, { timezone: 'Pacific/Auckland' });
    // In Auckland it is already Sunday the 22nd: 14 days are the 22nd to 5 December.
    const ok = await put('/users/me/preferences', account.bearer, { vacation_until: '2026-12-05' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(PreferencesSchema.parse(ok.json()).vacation).toEqual({ start: '2026-11-22', until: '2026-12-05' });

    const tooLong = await put('/users/me/preferences', account.bearer, { vacation_until: '2026-12-06' });
    expect(tooLong.statusCode).toBe(400);
    const error = ErrorBodySchema.parse(tooLong.json());
    expect(error.code).toBe('validation_error');
    expect(error.detail).toContain('14 days');
    expect(error.errors?.[0]?.path).toBe('body.vacation_until');

    // Three days on, the vacation under way keeps its start: it cannot be stretched past 14 days.
    clock.set('2026-11-24T10:00:00Z');
    try {
      let bearer = await signIn(account);
      expect((await put('/users/me/preferences', bearer, { vacation_until: '2026-12-07' })).statusCode).toBe(400);
      const shorter = await put('/users/me/preferences', bearer, { vacation_until: '2026-11-30' });
      expect(PreferencesSchema.parse(shorter.json()).vacation).toEqual({ start: '2026-11-22', until: '2026-11-30' });
      // Once over, it reads as none; null ends one early.
      clock.set('2026-12-02T10:00:00Z');
      bearer = await signIn(account);
      expect((await preferencesOf(bearer)).vacation).toBeNull();
      clock.set('2026-11-24T10:00:00Z');
      bearer = await signIn(account);
      const ended = await put('/users/me/preferences', bearer, { vacation_until: null });
      expect(PreferencesSchema.parse(ended.json()).vacation).toBeNull();
    } finally {
      clock.set(NOW);
    }
  });

  it.each([
    ['a time that is not HH:MM', { reminder_time: '7:30' }, 'body.reminder_time'],
    ['an hour past 23', { reminder_time: '24:00' }, 'body.reminder_time'],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'body.timezone'],
    ['a goal below 10 XP', { daily_goal_xp: 5 }, 'body.daily_goal_xp'],
    ['a goal above 500 XP', { daily_goal_xp: 501 }, 'body.daily_goal_xp'],
    ['a fractional goal', { daily_goal_xp: 20.5 }, 'body.daily_goal_xp'],
    ['a vacation that ended yesterday', { vacation_until: '2026-11-20' }, 'body.vacation_until'],
    ['a vacation on no real day', { vacation_until: '2026-02-30' }, 'body.vacation_until'],
    ['an unknown theme', { theme: 'sepia' }, 'body.theme'],
    ['an unknown channel', { notifications: { sms: true } }, 'body.notifications'],
    ['a field that is not a preference', { total_xp: 10_000 }, 'body'],
  ])('refuses %s with 400 and says which field', async (_name, body, path) => {
    const account = await registerUser(ctx.app);
    const response = await put('/users/me/preferences', account.bearer, body);
    expect(response.statusCode).toBe(400);
    const error = ErrorBodySchema.parse(response.json());
    expect(error.code).toBe('validation_error');
    expect(error.errors?.map((item) => item.path).join(' ')).toContain(path);
    // Nothing changed.
    expect(await preferencesOf(account.bearer)).toMatchObject({ reminder_time: '19:00', daily_goal_xp: 50, theme: 'system' });
  });

  it('refuses push on a server with Web Push turned off (WEB_PUSH=false), and shows it unavailable', async () => {
    const off = await buildTestApp({ clock, env: testEnv({ WEB_PUSH: 'false' }) });
    try {
      const account = await registerUser(off.app);
      const response = await off.app.inject({
        method: 'PUT',
        url: '/api/v1/users/me/preferences',
        headers: account.bearer,
        payload: { notifications: { push: true } },
      });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).errors?.map((item) => item.path)).toEqual(['body.notifications.push']);
      const shown = await off.app.inject({ method: 'GET', url: '/api/v1/users/me/preferences', headers: account.bearer });
      expect(PreferencesSchema.parse(shown.json())).toMatchObject({ push_available: false, notifications: { push: false } });
    } finally {
      await off.close();
    }
  });

  it('refuses to change another learner’s preferences with 403', async () => {
    const [alice, bob] = [await registerUser(ctx.app), await registerUser(ctx.app)];
    const response = await put(`/users/${bob.auth.user.id}/preferences`, alice.bearer, { theme: 'dark' });
    expect(response.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('forbidden');
    expect((await preferencesOf(bob.bearer)).theme).toBe('system');
  });
});

describe('PUT /users/{id}/profile with a name (the settings screen’s profile)', () => {
  it('renames the learner, trimmed, and refuses an empty name with 400', async () => {
    const account = await registerUser(ctx.app);
    const renamed = await put('/users/me/profile', account.bearer, { full_name: '  Lucía Pérez ', proficiency: 'advanced' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const me = GetMeResponseSchema.parse((await get('/users/me', account.bearer)).json());
    expect(me.user.full_name).toBe('Lucía Pérez');
    expect(me.profile.proficiency).toBe('advanced');

    const empty = await put('/users/me/profile', account.bearer, { full_name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(empty.json()).errors?.[0]?.path).toBe('body.full_name');
    expect(GetMeResponseSchema.parse((await get('/users/me', account.bearer)).json()).user.full_name).toBe('Lucía Pérez');
  });
});
