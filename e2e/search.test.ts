import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage } from './support/learners';
import { openSite, type SiteServer } from './support/site';
import { strings } from './support/strings';

// Issue 16, search: from the dashboard's header a learner finds a lesson of their course by its
// title and starts it with the keyboard, and finds a word with its translation (and romanisation).
// In English and in the Arabic interface, on a phone (the header's search button opens a sheet) and
// a desktop (the box sits in the header), light and dark.

const SHOTS_DIR = join(tmpdir(), 'parla-search-shots');
mkdirSync(SHOTS_DIR, { recursive: true });

describe.runIf(hasChromium)('the dashboard search in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { code, width, colorScheme, course } of [
    { code: 'en', width: 1280, colorScheme: 'light', course: 'es' },
    { code: 'en', width: 390, colorScheme: 'dark', course: 'ja' },
    { code: 'ar', width: 390, colorScheme: 'light', course: 'ja' },
    { code: 'ar', width: 1280, colorScheme: 'dark', course: 'es' },
  ] as const) {
    it(`finds a word with its translation, and a lesson that Enter starts (${code}, ${course} course, ${width} px, ${colorScheme})`, async () => {
      const t = strings(code);
      const name = (key: string) => t[key] ?? '';
      const shot = (what: string) => join(SHOTS_DIR, `search-${what}-${code}-${width}-${colorScheme}.png`);
      const email = `search-${code}-${width}-${Date.now()}@example.com`;
      await registerLearner(server, { email, fullName: 'Sami Searcher', interfaceLanguage: code, target: course });
      // Someone to find by name (a name of this test's own, so earlier runs' learners do not match).
      const stamp = `${code}${width}${Date.now()}`;
      const otherName = `Olwen Quillfeather ${stamp}`;
      const otherToken = await registerLearner(server, {
        email: `search-other-${stamp}@example.com`,
        fullName: otherName,
        target: 'fr',
      });
      const other = await apiClient(server.url)<{ user: { id: string } }>('/users/me', 'GET', undefined, otherToken);
      const page = await signedInPage(browser, server, email, { width, colorScheme });
      const problems = watchConsole(page);
      // The profile's interface language applies once the learner has loaded.
      await page.waitForFunction((dir) => document.documentElement.dir === dir, code === 'ar' ? 'rtl' : 'ltr', {
        timeout: 15_000,
      });

      // On a phone the header has a search button opening a sheet; from 768 px the box is in the header.
      let scope = page.getByRole('search', { name: name('search.label') });
      if (width < 768) {
        const button = page.getByRole('button', { name: name('search.open'), exact: true });
        await button.waitFor({ timeout: 15_000 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: shot('header') });
        await button.click();
        const sheet = page.getByRole('dialog', { name: name('search.label') });
        await sheet.waitFor();
        scope = sheet.getByRole('search', { name: name('search.label') });
      }
      const box = scope.getByRole('searchbox', { name: name('search.label') });
      await box.waitFor();

      // A word: in the course's script, its romanisation, its translation and its lesson.
      await box.fill(course === 'ja' ? 'konnichiwa' : 'hola');
      const results = scope.getByRole('list', { name: name('search.results') });
      const word = results
        .getByRole('listitem')
        .filter({ hasText: course === 'ja' ? 'こんにちは' : 'hola' })
        .first();
      await word.waitFor({ timeout: 15_000 });
      const wordText = (await word.textContent()) ?? '';
      expect(wordText).toContain(name('search.type.vocabulary'));
      expect(wordText).toContain('hello');
      if (course === 'ja') expect(wordText).toContain('konnichiwa');
      expect(await word.getByRole('link', { name: name('search.openLesson') }).count()).toBe(1);
      expect(await scope.getByRole('status').textContent()).not.toBe('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: shot('word') });
      expect(await seriousAccessibilityViolations(page), `axe, a word found (${code}, ${width} px)`).toEqual([]);

      // Nothing matching: said in the list's place.
      await box.fill('qqxzqq');
      await scope.getByText(name('search.empty').replace('{query}', 'qqxzqq')).first().waitFor({ timeout: 15_000 });

      // A person, by a name with a letter wrong: their card on the friends screen is a tap away.
      await box.fill(otherName.replace('Quillfeather', 'Quilfeather'));
      const personLink = results.getByRole('link', { name: new RegExp(stamp) });
      await personLink.waitFor({ timeout: 15_000 });
      expect(await personLink.textContent()).toContain(name('search.type.friend'));
      await page.screenshot({ path: shot('person') });
      expect(await personLink.getAttribute('href')).toBe(`/app/friends?learner=${other.user.id}`);

      // A lesson of the course by its title (in the learner's native language): Enter goes to the
      // first result, Enter again starts it.
      await box.fill('Hello and goodbye');
      const lesson = results.getByRole('link', { name: /Hello and goodbye/ }).first();
      await lesson.waitFor({ timeout: 15_000 });
      expect(await lesson.textContent()).toContain(name('search.type.lesson'));
      await page.screenshot({ path: shot('lesson') });
      expect(await seriousAccessibilityViolations(page), `axe, a lesson found (${code}, ${width} px)`).toEqual([]);
      await box.press('Enter');
      expect(await lesson.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/app/lesson/greetings-1', { timeout: 15_000 });
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
