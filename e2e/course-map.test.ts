import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, PASSWORD, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ROOT, type RunningServer, startServer } from './support/server';
import { ARTIFACTS_DIR, openSite } from './support/site';

const EMAIL = 'course-map@example.com';
const run = promisify(execFile);

/** Signs in through the API (the session the page has is its own). */
async function signIn(server: RunningServer): Promise<string> {
  return (await apiClient(server.url)<{ access_token: string }>('/auth/login', 'POST', { username: EMAIL, password: PASSWORD }))
    .access_token;
}

/** A lesson's row on the course map, found by its title (not the unit's item around it). */
const lessonRow = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) })
    .filter({ hasNot: page.getByRole('heading', { level: 2 }) });

const TOMORROW = /^Available tomorrow · resets at 12:00\sAM$/;

// Its own server and data directory: the premium part stops the server to run the admin command
// on the embedded database (one process at a time), then starts it again on the same data.
describe.runIf(hasChromium)('the course map in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'parla-course-map-'));

  beforeAll(async () => {
    ({ browser } = await openSite());
    server = await startServer({}, { dataDir });
    await registerLearner(server, { email: EMAIL, fullName: 'Mara Map' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the Learn tab opens the course map: units in order, the first lesson next, later units locked, the words', async () => {
    const page = await signedInPage(browser, server, EMAIL);
    const problems = watchConsole(page);
    await page.getByRole('navigation', { name: 'App navigation' }).first().getByRole('link', { name: 'Learn' }).click();
    await page.waitForURL('**/app/learn');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Course map' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Course map · Parla');

    const units = page.getByRole('list', { name: 'Units of the course' });
    const unitTitles = await units.getByRole('heading', { level: 2 }).allTextContents();
    expect(unitTitles.slice(0, 2)).toEqual(['Greetings and introductions', 'Family and friends']);
    const first = lessonRow(page, 'Hello and goodbye');
    expect(await first.getByText('Up next').isVisible()).toBe(true);
    expect(await first.getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/app/lesson/greetings-1');
    expect(await page.getByText('Finish the lessons of the earlier units to unlock this one.').first().isVisible()).toBe(true);

    await page
      .getByText(/^Words in this unit/)
      .first()
      .click();
    expect(await page.getByText('hola', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Quick practice' }).getAttribute('href')).toBe('/app/practice');

    expect(await seriousAccessibilityViolations(page), 'axe on the course map').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'course-map-desktop.png'), fullPage: false });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('after the day’s free lesson the course map and the dashboard say "available tomorrow" instead of Start', async () => {
    await takeLesson(server, await signIn(server), 'greetings-1');
    const page = await signedInPage(browser, server, EMAIL, { width: 390 });
    const problems = watchConsole(page);

    // The dashboard: no Start, the reset time (the learner's zone is UTC: midnight is 12:00 AM).
    const continueLearning = page.getByRole('region', { name: 'Continue learning' });
    await expect.poll(() => continueLearning.getByText(TOMORROW).first().isVisible()).toBe(true);
    expect(await continueLearning.getByRole('link', { name: /^Start$/ }).count()).toBe(0);
    // The finished lesson has not vanished: its words can be reviewed (no lesson session needed).
    const finished = page.getByRole('list', { name: 'Review finished lessons' });
    expect(await finished.getByText('Hello and goodbye').isVisible()).toBe(true);
    await finished.getByRole('link', { name: 'Review' }).click();
    await expect.poll(() => page.getByText(/^Word 1 of \d+$/).isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe('?lesson=greetings-1');
    await page.goto(`${server.url}/app`);

    await page.goto(`${server.url}/app/learn`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Course map' }).isVisible()).toBe(true);
    const done = lessonRow(page, 'Hello and goodbye');
    expect(await done.getByText('Done', { exact: true }).isVisible()).toBe(true);
    expect(await done.getByText(/^Best score: \d+%$/).isVisible()).toBe(true);
    expect(await done.getByText(TOMORROW).isVisible()).toBe(true);
    expect(await lessonRow(page, 'How are you?').getByText('Up next').isVisible()).toBe(true);
    expect(await lessonRow(page, 'How are you?').getByText(TOMORROW).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^(Start|Replay)$/ }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: "You've used today's free lesson" }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page), 'axe on the course map, phone').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'course-map-phone-tomorrow.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a premium learner replays a finished lesson from the course map', async () => {
    // The embedded database allows one process: stop the server, set the plan, start it again.
    expect(await server.stop()).toBe(0);
    const admin = await run('npm', ['run', '--silent', 'admin', '--', 'plan', EMAIL, 'premium'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(admin.stdout).toContain('is now on the premium plan');
    server = await startServer({}, { dataDir });

    const page = await signedInPage(browser, server, EMAIL, { colorScheme: 'dark' });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/app/learn`);
    const done = lessonRow(page, 'Hello and goodbye');
    await expect.poll(() => done.getByRole('link', { name: 'Replay' }).isVisible()).toBe(true);
    expect(await page.getByText(TOMORROW).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page), 'axe on the course map, dark').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'course-map-dark.png') });

    await done.getByRole('link', { name: 'Replay' }).click();
    await page.waitForURL('**/app/lesson/greetings-1');
    // The replay is a session like any other: its exercises, not the limit page.
    await expect.poll(() => page.getByText('Exercise 1 of 9').isVisible(), { timeout: 15_000 }).toBe(true);
    // Finished through the API (the same session resumes), then the map still shows it done.
    await takeLesson(server, await signIn(server), 'greetings-1');
    await page.goto(`${server.url}/app/learn`);
    await expect.poll(() => lessonRow(page, 'Hello and goodbye').getByText('Done', { exact: true }).isVisible()).toBe(true);
    expect(await lessonRow(page, 'How are you?').getByRole('link', { name: 'Start' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
