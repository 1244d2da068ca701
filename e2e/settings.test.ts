import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage, signInThroughForm } from './support/learners';
import { ARTIFACTS_DIR, newPage, openSite, type SiteServer } from './support/site';
import { strings } from './support/strings';

// Issue 15, settings: the interface language and the theme chosen on one device are stored on the
// server, so they survive a reload and come back when the learner signs in on a fresh browser.
const [en, fr] = [strings('en'), strings('fr')] as [Record<string, string>, Record<string, string>];
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

async function openSettings(page: Page, server: SiteServer, ui: Record<string, string>) {
  await page.goto(`${server.url}/app/settings`);
  await page.getByRole('heading', { level: 1, name: ui['title.settings'] }).waitFor({ timeout: 15_000 });
  await page.getByRole('switch', { name: ui['settings.notifications.inApp'] }).waitFor();
}

describe.runIf(hasChromium)('the settings screen in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps a chosen interface language and theme across a reload and on a new browser', async () => {
    const email = `settings-${Date.now()}@example.com`;
    await registerLearner(server, { email, interfaceLanguage: 'en' });
    const page = await signedInPage(browser, server, email);
    const errors = watchConsole(page);
    await openSettings(page, server, en);
    expect(await page.title()).toBe('Settings · Parla');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'settings-1280-light.png'), fullPage: true });

    // The theme: applied at once, saved in the profile.
    const themeSaved = page.waitForResponse(
      (response) => response.url().endsWith('/users/me/preferences') && response.request().method() === 'PUT',
    );
    await page
      .getByRole('group', { name: en['a11y.theme.label'] })
      .getByText(en['a11y.theme.dark'] ?? '', { exact: true })
      .click();
    expect((await themeSaved).status()).toBe(200);
    expect(await isDark(page)).toBe(true);

    // The interface language: the whole screen switches, and the profile keeps it.
    const languageSaved = page.waitForResponse(
      (response) => response.url().endsWith('/users/me/profile') && response.request().method() === 'PUT',
    );
    await page.getByLabel(en['i18n.select.label'] ?? '').selectOption('fr');
    expect((await languageSaved).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: fr['title.settings'] }).waitFor();
    expect(await htmlLang(page)).toBe('fr');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: fr['title.settings'] }).waitFor({ timeout: 15_000 });
    expect(await htmlLang(page)).toBe('fr');
    expect(await isDark(page)).toBe(true);
    expect(errors).toEqual([]);

    // A new browser (nothing stored, a light system theme) gets both from the server at sign-in.
    const fresh = await newPage(browser, { consent: true, colorScheme: 'light' });
    await signInThroughForm(fresh, server, email);
    await fresh.waitForFunction(() => document.documentElement.lang === 'fr', undefined, { timeout: 15_000 });
    await fresh.waitForFunction(() => document.documentElement.classList.contains('dark'), undefined, { timeout: 15_000 });
    await openSettings(fresh, server, fr);
    expect(
      await fresh
        .getByRole('group', { name: fr['a11y.theme.label'] })
        .getByRole('radio', { name: fr['a11y.theme.dark'] })
        .isChecked(),
    ).toBe(true);
    expect(await fresh.getByLabel(fr['i18n.select.label'] ?? '').inputValue()).toBe('fr');
    expect(await seriousAccessibilityViolations(fresh)).toEqual([]);
    await fresh.screenshot({ path: join(ARTIFACTS_DIR, 'settings-1280-dark-fr.png'), fullPage: true });

    // The server says the same to any client.
    const call = apiClient(server.url);
    const { access_token: token } = await call<{ access_token: string }>('/auth/login', 'POST', {
      username: email,
      password: 'violet-harbour-42',
    });
    const preferences = await call<{ theme: string; interface_language: string }>(
      '/users/me/preferences',
      'GET',
      undefined,
      token,
    );
    expect(preferences).toMatchObject({ theme: 'dark', interface_language: 'fr' });
    await page.context().close();
    await fresh.context().close();
  }, 90_000);

  it('fits a phone in Arabic, dark, with no serious accessibility problem', async () => {
    const email = `settings-ar-${Date.now()}@example.com`;
    const ar = strings('ar');
    const token = await registerLearner(server, { email, interfaceLanguage: 'ar' });
    await apiClient(server.url)('/users/me/preferences', 'PUT', { theme: 'dark' }, token);
    const page = await signedInPage(browser, server, email, { width: 390 });
    await openSettings(page, server, ar);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await isDark(page)).toBe(true);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'settings-390-dark-ar.png'), fullPage: true });
    await page.context().close();
  }, 60_000);
});
