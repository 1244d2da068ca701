import { join } from 'node:path';
import { ACHIEVEMENTS, type AchievementsResponse } from '@parla/shared/achievements';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';
import { strings } from './support/strings';

// Issue 15, achievements: a learner's first lesson earns "First steps", stored by the server; the
// dashboard's recent achievements and its achievements card show it, in English and in the Arabic
// interface (the names are the interface's, translated).

describe.runIf(hasChromium)('achievements in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { code, width, colorScheme } of [
    { code: 'en', width: 1280, colorScheme: 'light' },
    { code: 'ar', width: 390, colorScheme: 'dark' },
  ] as const) {
    it(`shows the achievement a first lesson earned on the dashboard (${code}, ${width} px, ${colorScheme})`, async () => {
      const t = strings(code);
      const email = `achievements-${code}-${Date.now()}@example.com`;
      const token = await registerLearner(server, { email, fullName: 'Ari Achiever', interfaceLanguage: code });
      const call = apiClient(server.url);
      const before = await call<AchievementsResponse>('/progress/me/achievements', 'GET', undefined, token);
      expect(before.earned_count).toBe(0);
      await takeLesson(server, token, 'greetings-1');
      const after = await call<AchievementsResponse>('/progress/me/achievements', 'GET', undefined, token);
      expect(after.achievements.filter((achievement) => achievement.earned).map((achievement) => achievement.id)).toEqual([
        'first-lesson',
      ]);

      const page = await signedInPage(browser, server, email, { width, colorScheme });
      const problems = watchConsole(page);
      const recent = page.getByRole('region', { name: t['dashboard.achievements.title'] });
      await recent.getByText(t['achievement.first-lesson.name'] ?? '', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await recent.getByText(t['achievement.first-lesson.description'] ?? '', { exact: true }).isVisible()).toBe(true);
      expect(await recent.getByRole('listitem').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(code === 'ar' ? 'rtl' : 'ltr');
      // The achievements card counts the stored ones out of the whole catalogue.
      const number = new Intl.NumberFormat(code);
      const card = (t['dashboard.stats.achievementsValue'] ?? '')
        .replace('{earned}', number.format(1))
        .replace('{total}', number.format(ACHIEVEMENTS.length));
      expect(await page.getByText(card, { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAccessibilityViolations(page), `axe (${code})`).toEqual([]);
      await recent.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS_DIR, `achievements-dashboard-${code}-${width}-${colorScheme}.png`) });
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
