import { join } from 'node:path';
import type { ProgressSkillsResponse, ProgressWeeklyResponse } from '@parla/shared/progress.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';
import { strings } from './support/strings';

// Issue 15, the progress screen: a learner who finished a lesson sees it in Activity (today's XP)
// and its unit's words in Skills, by keyboard, in light and dark, on a phone and a desktop, and in
// the Arabic interface.
const ar = strings('ar');

const statValue = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').first().textContent();

async function openProgress(page: Page, server: SiteServer, title: string) {
  await page.goto(`${server.url}/app/progress`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
  await page.getByRole('tab', { selected: true }).waitFor({ timeout: 15_000 });
}

/** Keyboard only: from the selected tab, the arrow key `presses` times; returns the selected tab's name. */
async function arrowTo(page: Page, key: 'ArrowRight' | 'ArrowLeft', presses: number) {
  await page.getByRole('tab', { selected: true }).focus();
  for (let press = 0; press < presses; press++) await page.keyboard.press(key);
  return page.getByRole('tab', { selected: true }).textContent();
}

describe.runIf(hasChromium)('the progress screen in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a finished lesson in Activity and its words in Skills, by keyboard, light and dark, 1280 and 390 px', async () => {
    const email = `progress-${Date.now()}@example.com`;
    const token = await registerLearner(server, { email, fullName: 'Pat Progress' });
    await takeLesson(server, token, 'greetings-1');
    const call = apiClient(server.url);
    const weekly = await call<ProgressWeeklyResponse>('/progress/me/weekly', 'GET', undefined, token);
    const todayXp = weekly.days.at(-1)?.xp ?? 0;
    expect(todayXp).toBeGreaterThan(0);
    const skills = await call<ProgressSkillsResponse>('/progress/me/skills', 'GET', undefined, token);
    const unit = skills.units.find((candidate) => candidate.words_learned > 0);
    if (!unit) throw new Error('The finished lesson taught no unit words');

    const page = await signedInPage(browser, server, email);
    const problems = watchConsole(page);
    await openProgress(page, server, 'Your progress');
    await expect.poll(() => page.title()).toBe('Progress · Parla');
    expect(await page.getByText('Learning Spanish').isVisible()).toBe(true);
    // Overview: the lesson in the tiles.
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Overview');
    expect(await statValue(page, 'Lessons')).toBe('1');
    expect(await seriousAccessibilityViolations(page), 'axe on the overview').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'progress-overview-1280-light.png'), fullPage: true });

    // Activity (two arrows right): today's XP in the chart's table, and today's bar the tallest.
    expect(await arrowTo(page, 'ArrowRight', 2)).toBe('Activity');
    expect(new URL(page.url()).search).toBe('?tab=activity');
    const today = page.getByRole('table').getByRole('row').last();
    await today.waitFor({ state: 'attached', timeout: 15_000 });
    expect(await today.getByRole('rowheader').textContent()).toMatch(/^Today, /);
    expect(await today.getByRole('cell').first().textContent()).toBe(String(todayXp));
    expect(await statValue(page, 'XP this week')).toBe(String(weekly.total_xp));
    expect(await page.locator('[data-testid="weekly-bars"] rect').last().getAttribute('height')).toBe('100%');
    expect(await seriousAccessibilityViolations(page), 'axe on the activity').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'progress-activity-1280-light.png'), fullPage: true });

    // Skills (one arrow left): the unit of the lesson with the words learned.
    expect(await arrowTo(page, 'ArrowLeft', 1)).toBe('Skills');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: unit.title }) });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain(
      `${unit.words_learned} of ${unit.words} word${unit.words === 1 ? '' : 's'} learned`,
    );
    expect(await page.getByRole('region', { name: 'Skills overview' }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page), 'axe on the skills').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'progress-skills-1280-light.png'), fullPage: true });

    // Achievements (End): the first lesson's achievement earned.
    await page.keyboard.press('End');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Achievements');
    await page.getByText(/^\d+ of \d+ achievements earned$/).waitFor({ timeout: 15_000 });
    expect(await page.getByText(/^Earned on /).count()).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(page), 'axe on the achievements').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'progress-achievements-1280-light.png'), fullPage: true });
    expect(problems).toEqual([]);

    // Dark, at 1280 and on a phone, where the tab stays in the address across a reload.
    for (const { width, tab } of [
      { width: 1280, tab: 'activity' },
      { width: 390, tab: 'skills' },
      { width: 390, tab: 'activity' },
    ] as const) {
      for (const colorScheme of width === 1280 ? (['dark'] as const) : (['light', 'dark'] as const)) {
        const other = await signedInPage(browser, server, email, { width, colorScheme });
        await other.goto(`${server.url}/app/progress?tab=${tab}`);
        await other.getByRole('tabpanel').getByRole('heading').first().waitFor({ timeout: 15_000 });
        if (tab === 'skills') await other.getByRole('heading', { level: 3, name: unit.title }).waitFor({ timeout: 15_000 });
        else await other.getByRole('table').waitFor({ state: 'attached', timeout: 15_000 });
        // Nothing wider than the phone's screen.
        expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await seriousAccessibilityViolations(other), `axe at ${width} ${colorScheme} on ${tab}`).toEqual([]);
        await other.screenshot({ path: join(ARTIFACTS_DIR, `progress-${tab}-${width}-${colorScheme}.png`), fullPage: true });
        await other.context().close();
      }
    }
  });

  it('reads right to left in the Arabic interface, with the English unit titles isolated', async () => {
    const email = `progress-ar-${Date.now()}@example.com`;
    const token = await registerLearner(server, { email, fullName: 'Amal Progress', interfaceLanguage: 'ar' });
    await takeLesson(server, token, 'greetings-1');
    for (const width of [390, 1280]) {
      const page = await signedInPage(browser, server, email, { width });
      const problems = watchConsole(page);
      await openProgress(page, server, ar['progress.title'] ?? '');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // In a right-to-left row the arrow keys follow the reading direction: Left goes forward.
      expect(await arrowTo(page, 'ArrowLeft', 1)).toBe(ar['progress.tabs.skills']);
      const title = page.locator('h3[dir="auto"]').first();
      await title.waitFor({ timeout: 15_000 });
      expect(await title.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      expect(await seriousAccessibilityViolations(page), `axe in Arabic at ${width} on the skills`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `progress-skills-${width}-ar.png`), fullPage: true });
      expect(await arrowTo(page, 'ArrowLeft', 1)).toBe(ar['progress.tabs.activity']);
      await page.getByRole('table').waitFor({ state: 'attached', timeout: 15_000 });
      expect(await seriousAccessibilityViolations(page), `axe in Arabic at ${width} on the activity`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `progress-activity-${width}-ar.png`), fullPage: true });
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
