import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { PASSWORD, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';
import { strings, text } from './support/strings';

// Issue 16, data rights: in Settings a learner downloads everything stored about them (the file
// holds the lesson they took) and deletes the account with the password; afterwards the sign-in
// form says the credentials are wrong. On a phone and a desktop, and in Arabic.
const en = strings('en');
const ar = strings('ar');

async function openDataSection(page: Page, server: SiteServer, messages: Record<string, string>) {
  await page.goto(`${server.url}/app/settings`);
  const section = page.getByRole('region', { name: text(messages, 'settings.dataRights.title') });
  await section.waitFor({ timeout: 15_000 });
  await section.scrollIntoViewIfNeeded();
  return section;
}

describe.runIf(hasChromium)('data rights in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('downloads the export with the lesson taken, then deletes the account, which can no longer sign in', async () => {
    for (const width of [1280, 390]) {
      const email = `rights-${width}-${Date.now()}@example.com`;
      const token = await registerLearner(server, { email, fullName: 'Dana Rights' });
      await takeLesson(server, token, 'greetings-1');
      const page = await signedInPage(browser, server, email, { width });
      const problems = watchConsole(page);

      const section = await openDataSection(page, server, en);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAccessibilityViolations(page), `axe on Settings at ${width}`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `data-rights-settings-${width}.png`), fullPage: true });

      // The download: one JSON file, named by the day, holding the lesson taken and no secret.
      const downloading = page.waitForEvent('download');
      await section.getByRole('button', { name: text(en, 'settings.dataRights.download') }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^parla-export-\d{4}-\d{2}-\d{2}\.json$/);
      // The browser is driven over a connection: the file is copied here to be read.
      const file = join(mkdtempSync(join(tmpdir(), 'parla-export-')), download.suggestedFilename());
      await download.saveAs(file);
      const exported = JSON.parse(readFileSync(file, 'utf8'));
      expect(exported.account.email).toBe(email);
      expect(exported.lesson_sessions.map((session: { lesson_id: string }) => session.lesson_id)).toContain('greetings-1');
      expect(JSON.stringify(exported)).not.toContain(PASSWORD);
      await page.getByText(text(en, 'settings.dataRights.downloaded')).waitFor();

      // The words of that lesson, as a TSV Anki imports.
      const wordsDownloading = page.waitForEvent('download');
      await section.getByRole('button', { name: text(en, 'settings.dataRights.vocabulary') }).click();
      const words = await wordsDownloading;
      expect(words.suggestedFilename()).toMatch(/^parla-vocabulary-\d{4}-\d{2}-\d{2}\.tsv$/);
      const wordsFile = join(mkdtempSync(join(tmpdir(), 'parla-words-')), words.suggestedFilename());
      await words.saveAs(wordsFile);
      const lines = readFileSync(wordsFile, 'utf8').trimEnd().split('\n');
      expect(lines[0]).toBe('#separator:tab');
      expect(lines.filter((line) => !line.startsWith('#')).length).toBeGreaterThan(2);
      expect(lines.at(-1)).toContain('parla::es::greetings-1');

      // Deleting, by keyboard: the dialog asks for the password; a wrong one is refused.
      await section.getByRole('button', { name: text(en, 'settings.dataRights.delete') }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: text(en, 'settings.dataRights.deleteTitle') });
      await dialog.waitFor();
      const password = dialog.getByLabel(text(en, 'settings.dataRights.password'));
      await password.fill('not-the-password-1');
      await page.keyboard.press('Enter');
      await dialog.getByText(text(en, 'settings.dataRights.incorrect')).waitFor({ timeout: 15_000 });
      expect(await seriousAccessibilityViolations(page), `axe on the deletion dialog at ${width}`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `data-rights-delete-${width}.png`) });
      await password.fill(PASSWORD);
      await dialog.getByRole('button', { name: text(en, 'settings.dataRights.confirm') }).click();
      await page.waitForURL('**/login', { timeout: 15_000 });

      // The account is gone: signing in with the same credentials is refused.
      await page.locator('input[type="email"]').fill(email);
      await page.locator('input[type="password"]').first().fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByText(text(en, 'auth.errors.invalidCredentials')).waitFor({ timeout: 15_000 });
      expect(page.url()).toMatch(/\/login$/);
      // The browser saw the refusals it asked for (wrong password, wrong credentials), nothing else.
      expect(problems.filter((problem) => !/\b(401|422)\b/.test(problem))).toEqual([]);
      await page.context().close();
    }
  });

  it('offers the same in Arabic, right to left', async () => {
    const email = `rights-ar-${Date.now()}@example.com`;
    const token = await registerLearner(server, { email, fullName: 'Dana Rights', interfaceLanguage: 'ar' });
    await takeLesson(server, token, 'greetings-1');
    for (const width of [390, 1280]) {
      const page = await signedInPage(browser, server, email, { width });
      const section = await openDataSection(page, server, ar);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await section.getByRole('button', { name: text(ar, 'settings.dataRights.delete') }).click();
      const dialog = page.getByRole('dialog', { name: text(ar, 'settings.dataRights.deleteTitle') });
      await dialog.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAccessibilityViolations(page), `axe on the Arabic deletion dialog at ${width}`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `data-rights-delete-${width}-ar.png`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.context().close();
    }
  });
});
