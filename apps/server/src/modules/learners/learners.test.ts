import { PLAN_ALLOWANCES } from '@parla/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { registerUser } from '../../test/factories';
import { entitlementsOf, LESSON_SESSIONS_WORTH_COUNTING } from './entitlements';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('requireLearner', () => {
  it('ends the session with 401 token_invalid wherever a deleted account’s still-valid token is used', async () => {
    const account = await registerUser(ctx.app);
    await ctx.database.handle.db.delete(users).where(eq(users.id, account.auth.user.id));
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: object][] = [
      ['GET', '/users/me'],
      ['GET', '/users/me/profile'],
      ['PUT', '/users/me/profile', { theme: 'dark' }],
      ['GET', '/lessons'],
      ['POST', '/lessons/greetings-1/start'],
      ['POST', '/practice/start'],
      ['POST', '/enhanced-lessons/adapt-explanation', { text: 'Hola quiere decir hello.' }],
      ['GET', '/dashboard'],
      ['POST', '/auth/password/change', { current_password: account.password, new_password: 'a much longer new passphrase' }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: account.bearer,
        ...(payload && { payload }),
      });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 401,
        body: { detail: 'This account no longer exists.', code: 'token_invalid' },
      });
    }
  });
});

describe('entitlementsOf', () => {
  it('gives each plan its allowance, and a stored plan this build does not know no more than Free', () => {
    expect(entitlementsOf({ plan: 'free' })).toEqual({ plan: 'free', lessonSessionsPerDay: 1 });
    expect(entitlementsOf({ plan: 'premium' })).toEqual({ plan: 'premium', lessonSessionsPerDay: null });
    expect(entitlementsOf({ plan: 'enterprise' })).toEqual({ plan: 'free', ...PLAN_ALLOWANCES.free });
    expect(LESSON_SESSIONS_WORTH_COUNTING).toBe(1);
  });
});
