import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';
import { strings } from './support/strings';

// Issue 16, privacy in the settings: the learners one blocked (from their card, here through the
// API), each unblocked from the list, and the private-profile switch the server keeps.
const en = strings('en');
const fill = (message: string | undefined, values: Record<string, string>) =>
  (message ?? '').replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '');

async function learnerId(server: SiteServer, token: string): Promise<string> {
  const me = await apiClient(server.url)<{ user: { id: string } }>('/users/me', 'GET', undefined, token);
  return me.user.id;
}

async function openSettings(page: Page, server: SiteServer, ui: Record<string, string>) {
  await page.goto(`${server.url}/app/settings`);
  await page.getByRole('heading', { level: 1, name: ui['title.settings'] }).waitFor({ timeout: 15_000 });
  const privacy = page.getByRole('region', { name: ui['settings.privacy.title'] });
  await privacy.getByRole('switch', { name: ui['settings.privacy.private'] }).waitFor();
  return privacy;
}

describe.runIf(hasChromium)('privacy in the settings, in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists a blocked learner, unblocks them, and keeps a private profile across a reload', async () => {
    const stamp = Date.now();
    const email = `privacy-a-${stamp}@example.com`;
    const token = await registerLearner(server, { email, fullName: 'Ana Avila' });
    const other = await registerLearner(server, { email: `privacy-b-${stamp}@example.com`, fullName: 'Bruno Brito' });
    const call = apiClient(server.url);
    await call(`/users/me/blocks/${await learnerId(server, other)}`, 'PUT', undefined, token);

    const page = await signedInPage(browser, server, email);
    const errors = watchConsole(page);
    const privacy = await openSettings(page, server, en);
    const list = privacy.getByRole('list', { name: en['settings.privacy.blocked.title'] });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    const row = list.getByRole('listitem').first();
    expect(await row.textContent()).toContain('Bruno Brito');
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date());
    expect(await row.textContent()).toContain(fill(en['settings.privacy.blocked.since'], { date: today }));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await privacy.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'privacy-1280-light.png'), fullPage: true });

    // Unblocking: the server lifts the block, the row goes and focus lands on the list's heading.
    const unblocked = page.waitForResponse(
      (response) => response.url().includes('/users/me/blocks/') && response.request().method() === 'DELETE',
    );
    await privacy.getByRole('button', { name: fill(en['settings.privacy.unblock.label'], { name: 'Bruno Brito' }) }).click();
    expect((await unblocked).status()).toBe(200);
    await privacy.getByText(en['settings.privacy.blocked.empty'] ?? '').waitFor();
    expect(await list.count()).toBe(0);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H3');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en['settings.privacy.blocked.title']);
    expect(await call<{ items: unknown[] }>('/users/me/blocks', 'GET', undefined, token)).toEqual({ items: [] });

    // The private profile: saved at once, still on after a reload.
    const toggle = privacy.getByRole('switch', { name: en['settings.privacy.private'] });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/users/me/preferences') && response.request().method() === 'PUT',
    );
    await toggle.click();
    expect((await saved).status()).toBe(200);
    await page.getByText(en['settings.privacy.private.on'] ?? '').waitFor();
    await page.reload();
    const again = await openSettings(page, server, en);
    expect(await again.getByRole('switch', { name: en['settings.privacy.private'] }).getAttribute('aria-checked')).toBe('true');
    expect(await call<{ private_profile: boolean }>('/users/me/preferences', 'GET', undefined, token)).toMatchObject({
      private_profile: true,
    });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it.each([
    { width: 390, colorScheme: 'light', language: 'en' },
    { width: 1280, colorScheme: 'dark', language: 'en' },
    { width: 390, colorScheme: 'dark', language: 'ar' },
  ] as const)(
    'fits $width px, $colorScheme, in $language, with no serious accessibility problem',
    async ({ width, colorScheme, language }) => {
      const ui = strings(language);
      const stamp = `${Date.now()}-${width}-${colorScheme}-${language}`;
      const email = `privacy-${stamp}@example.com`;
      const token = await registerLearner(server, { email, interfaceLanguage: language });
      for (const name of ['Bruno Brito', 'Carolina de la Fuente Ortega']) {
        const other = await registerLearner(server, { email: `privacy-${name.length}-${stamp}@example.com`, fullName: name });
        await apiClient(server.url)(`/users/me/blocks/${await learnerId(server, other)}`, 'PUT', undefined, token);
      }
      const page = await signedInPage(browser, server, email, { width, colorScheme });
      const privacy = await openSettings(page, server, ui);
      await privacy.getByRole('list', { name: ui['settings.privacy.blocked.title'] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await privacy.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS_DIR, `privacy-${width}-${colorScheme}-${language}.png`) });
      await page.context().close();
    },
    90_000,
  );
});
