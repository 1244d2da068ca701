import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';
import { strings } from './support/strings';

// Issue 15, humane streaks: a learner who set a vacation in their preferences (through the API, as
// Settings does) sees the paused streak on the dashboard and in the progress screen's streak card,
// with the freezes in words; in light and dark, on a phone and a desktop, and in Arabic.
const en = strings('en');
const ar = strings('ar');
const fill = (message: string | undefined, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), message ?? '');

/** The learners' time zone is UTC (registerLearner), so their today is the UTC date. */
function vacationUntil(days: number) {
  const until = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const dayOf = (language: string) =>
    new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${until}T00:00:00Z`));
  return { until, dayOf };
}

async function learnerOnVacation(server: SiteServer, email: string, interfaceLanguage?: string) {
  const token = await registerLearner(server, {
    email,
    fullName: 'Val Vacation',
    ...(interfaceLanguage ? { interfaceLanguage } : {}),
  });
  await takeLesson(server, token, 'greetings-1');
  const vacation = vacationUntil(3);
  const call = apiClient(server.url);
  await call('/users/me/preferences', 'PUT', { vacation_until: vacation.until }, token);
  return vacation;
}

const streakCard = (page: Page, title: string) => page.getByRole('region', { name: title });

describe.runIf(hasChromium)('humane streaks in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a vacation pausing the streak on the dashboard and the progress screen, and links to plan one', async () => {
    const email = `streak-${Date.now()}@example.com`;
    const { dayOf } = await learnerOnVacation(server, email);
    const date = dayOf('en');

    for (const { width, colorScheme } of [
      { width: 1280, colorScheme: 'light' },
      { width: 1280, colorScheme: 'dark' },
      { width: 390, colorScheme: 'light' },
      { width: 390, colorScheme: 'dark' },
    ] as const) {
      const page = await signedInPage(browser, server, email, { width, colorScheme });
      const problems = watchConsole(page);
      // The dashboard: the streak figure says it is paused, and until when.
      const paused = page.getByText(fill(en['progress.streak.pausedUntil'], { date }), { exact: true });
      await paused.waitFor({ timeout: 15_000 });
      expect(await paused.evaluate((element) => element.closest('dd') !== null)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAccessibilityViolations(page), `axe on the dashboard at ${width} ${colorScheme}`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `streak-dashboard-${width}-${colorScheme}.png`), fullPage: true });

      // The progress screen's streak card: the vacation, the freezes in words, how they work.
      await page.goto(`${server.url}/app/progress`);
      const card = streakCard(page, 'Your streak');
      await card.waitFor({ timeout: 15_000 });
      expect(await card.getByText(fill(en['progress.streak.onVacation'], { date }), { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText('Streak freezes: 0 of 2', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText(/^You earn a streak freeze for every 7 days in a row/).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAccessibilityViolations(page), `axe on the progress screen at ${width} ${colorScheme}`).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS_DIR, `streak-progress-${width}-${colorScheme}.png`), fullPage: true });

      if (width === 1280 && colorScheme === 'light') {
        // By keyboard: the card's link opens Settings, where the same vacation is shown.
        await card.getByRole('link', { name: 'Plan a vacation' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/app/settings');
        await page.getByTestId('vacation-active').waitFor({ timeout: 15_000 });
      }
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('says the same in Arabic, right to left', async () => {
    const email = `streak-ar-${Date.now()}@example.com`;
    const { until } = await learnerOnVacation(server, email, 'ar');
    for (const width of [390, 1280]) {
      const page = await signedInPage(browser, server, email, { width });
      const problems = watchConsole(page);
      // Formatted by the page's own Intl (Node's may write other digits), as the learner reads it.
      const date = await page.evaluate(
        ({ until }) =>
          new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
            new Date(`${until}T00:00:00Z`),
          ),
        { until },
      );
      await page.getByText(fill(ar['progress.streak.pausedUntil'], { date }), { exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await seriousAccessibilityViolations(page), `axe on the Arabic dashboard at ${width}`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `streak-dashboard-${width}-ar.png`), fullPage: true });

      await page.goto(`${server.url}/app/progress`);
      const card = streakCard(page, ar['progress.streak.title'] ?? '');
      await card.waitFor({ timeout: 15_000 });
      expect(await card.getByText(fill(ar['progress.streak.onVacation'], { date }), { exact: true }).isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page), `axe on the Arabic progress screen at ${width}`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `streak-progress-${width}-ar.png`), fullPage: true });
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
