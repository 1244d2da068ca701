import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';
import { strings } from './support/strings';

// Issue 15, notifications: a learner's first lesson earns "First steps"; the dashboard's bell shows
// one unread notification, the panel shows it, a tap marks it read and the badge goes; a quick
// practice earns another, and "Mark all as read" clears it. In English and in the Arabic interface,
// on a phone and a desktop, light and dark.

/** An ICU message with one `{count, plural, …}` filled for `count` the way the app fills it. */
function withCount(message: string, count: number, language: string): string {
  const start = message.indexOf('{count, plural,');
  if (start < 0) return message;
  let depth = 0;
  let end = start;
  for (; end < message.length; end += 1) {
    if (message[end] === '{') depth += 1;
    if (message[end] === '}' && --depth === 0) break;
  }
  const branches = new Map<string, string>();
  const body = message.slice(start + '{count, plural,'.length, end);
  for (const match of body.matchAll(/(\w+)\s*\{([^{}]*)\}/g)) branches.set(match[1] ?? '', match[2] ?? '');
  const branch = branches.get(new Intl.PluralRules(language).select(count)) ?? branches.get('other') ?? '';
  const filled = branch.replace('#', new Intl.NumberFormat(language).format(count));
  return message.slice(0, start) + filled + message.slice(end + 1);
}

interface Question {
  id: string;
}

/** A quick practice through the API (it earns "first practice", and so a notification). */
async function practise(server: SiteServer, token: string) {
  const call = apiClient(server.url);
  const started = await call<{ session_id: string; questions: Question[] }>('/practice/start', 'POST', undefined, token);
  for (const question of started.questions)
    await call(`/practice/${started.session_id}/answer`, 'POST', { question_id: question.id, answer: 0 }, token);
  await call(`/practice/${started.session_id}/complete`, 'POST', undefined, token);
}

const visibleBadge = (page: Page, id: string) => page.locator(`[data-testid="${id}"]:visible`);

describe.runIf(hasChromium)('notifications in Chromium', () => {
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
    { code: 'en', width: 390, colorScheme: 'dark' },
    { code: 'ar', width: 390, colorScheme: 'light' },
    { code: 'ar', width: 1280, colorScheme: 'dark' },
  ] as const) {
    it(`the bell counts a first lesson's achievement; a tap and "mark all as read" clear it (${code}, ${width} px, ${colorScheme})`, async () => {
      const t = strings(code);
      const name = (key: string) => t[key] ?? '';
      const shot = (what: string) => join(ARTIFACTS_DIR, `notifications-${what}-${code}-${width}-${colorScheme}.png`);
      const email = `notifications-${code}-${width}-${Date.now()}@example.com`;
      const token = await registerLearner(server, { email, fullName: 'Noa Notified', interfaceLanguage: code });
      await takeLesson(server, token, 'greetings-1');

      const page = await signedInPage(browser, server, email, { width, colorScheme });
      const problems = watchConsole(page);
      const bell = page.getByRole('button', {
        name: withCount(name('dashboard.notifications.bellUnread'), 1, code),
        exact: true,
      });
      await bell.waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(code === 'ar' ? 'rtl' : 'ltr');
      expect(await visibleBadge(page, 'notification-badge').textContent()).toBe('1');
      if (width < 768) expect(await visibleBadge(page, 'badge-friends').textContent()).toBe('1');
      await page.screenshot({ path: shot('dashboard') });
      expect(await seriousAccessibilityViolations(page), `axe, bell with its badge (${code})`).toEqual([]);

      // The panel: the achievement, unread, named in the interface language.
      await bell.click();
      const panel = page.getByRole('dialog', { name: name('dashboard.notifications.title') });
      await panel.waitFor();
      const card = panel.getByRole('button', { name: name('dashboard.notifications.achievement.title') });
      await card.waitFor();
      expect(await card.textContent()).toContain(name('achievement.first-lesson.name'));
      expect(await card.textContent()).toContain(name('dashboard.notifications.unreadMark'));
      expect(
        await panel
          .getByRole('button', { name: name('dashboard.notifications.filter.all'), exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAccessibilityViolations(page), `axe, panel open (${code})`).toEqual([]);
      await page.screenshot({ path: shot('panel') });

      // A tap marks it read: no badge, the bell named without a count.
      await card.click();
      await visibleBadge(page, 'notification-badge').waitFor({ state: 'detached' });
      expect(await card.textContent()).not.toContain(name('dashboard.notifications.unreadMark'));
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      const quietBell = page.getByRole('button', { name: name('dashboard.notifications.title'), exact: true });
      expect(await quietBell.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await visibleBadge(page, 'badge-friends').count()).toBe(0);

      // Another achievement (a first quick practice), then "Mark all as read".
      await practise(server, token);
      const meRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/users/me') meRequests.push(request.url());
      });
      await page.reload();
      await bell.waitFor({ timeout: 15_000 });
      // The count comes with the learner the page loads anyway: one request, not a second for the bell.
      expect(meRequests).toHaveLength(1);
      await bell.click();
      await panel.waitFor();
      await panel.getByRole('button', { name: name('dashboard.notifications.filter.unread'), exact: true }).click();
      await panel.getByText(name('achievement.first-practice.name')).waitFor();
      await panel.getByRole('button', { name: name('dashboard.notifications.markAllRead') }).click();
      await panel.getByText(name('dashboard.notifications.empty.unread')).waitFor();
      await visibleBadge(page, 'notification-badge').waitFor({ state: 'detached' });
      expect(await seriousAccessibilityViolations(page), `axe, all read (${code})`).toEqual([]);
      await page.screenshot({ path: shot('all-read') });
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
