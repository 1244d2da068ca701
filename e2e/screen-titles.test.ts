import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, watchConsole } from './support/browser';
import { apiClient, registerLearner, signInThroughForm } from './support/learners';
import { newPage, openSite, type SiteServer } from './support/site';

// Issue 14, point 9 (WCAG 2.4.2): every screen names itself in the browser tab. The public pages
// and the sign-in screens are checked in public-pages.test.ts; these are the ones behind an account.

describe.runIf(hasChromium)('document titles behind an account', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('names the setup screen and every signed-in screen, in the interface language', async () => {
    const email = 'titles@example.com';
    const token = await registerLearner(server, { email, fullName: 'Tina Titles', setUp: false });
    const page = await newPage(browser, { consent: true });
    // The sign-in screen asks for a session first (a 401 in the console for a visitor): watched after.
    // A profile not set up yet sends the learner to setup.
    await signInThroughForm(page, server, email, { landsOn: '/setup' });
    const problems = watchConsole(page);
    await expect.poll(() => page.title()).toBe('Set up your course · Parla');

    const call = apiClient(server.url);
    await call(
      '/users/me/profile',
      'PUT',
      {
        native_language: 'en',
        target_language: 'fr',
        interface_language: 'en',
        proficiency: 'beginner',
        learning_styles: ['reading'],
        goals: ['travel'],
        timezone: 'UTC',
        profile_completed: true,
      },
      token,
    );
    for (const [path, title] of [
      ['/app', 'My lessons · Parla'],
      ['/app/learn', 'Course map · Parla'],
      ['/app/practice', 'Quick practice · Parla'],
      ['/app/languages', 'Languages · Parla'],
      ['/app/lesson/greetings-1', 'Lesson · Parla'],
      ['/app/progress', 'Progress · Parla'],
      ['/app/review', 'Review · Parla'],
      ['/app/settings', 'Settings · Parla'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    }

    // The titles follow the interface language.
    await call('/users/me/profile', 'PUT', { interface_language: 'ja' }, token);
    await page.goto(`${server.url}/app/learn`);
    await expect.poll(() => page.title()).toBe('コースマップ · Parla');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
