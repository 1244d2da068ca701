import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { ARTIFACTS_DIR, hasLocale, newPage, openSite, type SiteServer, selectLanguage, waitForPage } from './support/site';

const PAGES = [
  { path: '/', name: 'landing' },
  { path: '/privacy', name: 'privacy' },
  { path: '/terms', name: 'terms' },
  { path: '/cookies', name: 'cookies' },
] as const;

const VARIANTS = [
  { colorScheme: 'light', width: 1280 },
  { colorScheme: 'dark', width: 1280 },
  { colorScheme: 'light', width: 390 },
  { colorScheme: 'dark', width: 390 },
] as const;

// English and Arabic (right to left) in every theme and width; Spanish (long words) and Japanese
// (another script) in the two that differ most — their layout is the English one.
const LANGUAGES = [
  { code: 'en', dir: 'ltr', variants: VARIANTS },
  { code: 'es', dir: 'ltr', variants: [VARIANTS[0], VARIANTS[3]] },
  { code: 'ar', dir: 'rtl', variants: VARIANTS },
  { code: 'ja', dir: 'ltr', variants: [VARIANTS[0], VARIANTS[3]] },
] as const;

const missing = LANGUAGES.filter((language) => !hasLocale(language.code)).map((language) => language.code);
if (hasChromium && missing.length > 0) {
  console.warn(`\n!!! No translations yet for ${missing.join(', ')}: their public-page browser runs are SKIPPED. !!!\n`);
}

describe.runIf(hasChromium)('public pages in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of LANGUAGES) {
    for (const variant of language.variants) {
      const label = `${language.code} ${variant.colorScheme} ${variant.width}px`;
      it.skipIf(!hasLocale(language.code))(
        `${label}: every public page renders in the chosen language with no console errors and no serious axe violations`,
        async () => {
          const page = await newPage(browser, { ...variant, consent: true });
          const problems = watchConsole(page);
          await page.goto(server.url);
          await waitForPage(page);
          if (language.code !== 'en') await selectLanguage(page, language.code);

          for (const target of PAGES) {
            const response = await page.goto(`${server.url}${target.path}`);
            expect(response?.status()).toBe(200);
            await waitForPage(page);
            const root = await page.evaluate(() => ({
              lang: document.documentElement.lang,
              dir: document.documentElement.dir,
              dark: document.documentElement.classList.contains('dark'),
              title: document.title,
            }));
            expect(root).toMatchObject({ lang: language.code, dir: language.dir, dark: variant.colorScheme === 'dark' });
            await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
            // The page must not scroll sideways on a phone.
            expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
            expect(await seriousAccessibilityViolations(page), `${label} ${target.path}`).toEqual([]);
            await page.screenshot({
              path: join(ARTIFACTS_DIR, `${target.name}-${language.code}-${variant.colorScheme}-${variant.width}.png`),
              fullPage: target.path !== '/',
            });
          }
          expect(problems).toEqual([]);
          await page.context().close();
        },
      );
    }
  }

  it('serves an unknown path as the landing page and re-renders the right page on back and forward', async () => {
    const page = await newPage(browser, { consent: true });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/some/unknown/path`);
    await waitForPage(page);
    expect(await page.locator('#pricing').count()).toBe(1);

    await page.goto(server.url);
    await waitForPage(page);
    await page.locator('#legal').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    // Each screen names itself in the tab (WCAG 2.4.2).
    await expect.poll(() => page.title()).toBe('Privacy Policy · Parla');

    await page.goBack();
    await page.locator('#hero-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.title()).toBe('Parla — learn a language the fun way');
    expect(await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).count()).toBe(0);

    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();

    // The page's own Back button goes back in history; Back to Home goes to /.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.locator('#hero-title').waitFor();
    await page.goto(`${server.url}/terms`);
    await page.getByRole('link', { name: 'Back to Home' }).first().click();
    await page.locator('#hero-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);

    // The sign-in screens ask for the session first (a 401 in the console for a visitor).
    for (const [path, title] of [
      ['/terms', 'Terms of Service · Parla'],
      ['/cookies', 'Cookie Policy · Parla'],
      ['/login', 'Sign in · Parla'],
      ['/signup', 'Sign up · Parla'],
      ['/forgot-password', 'Forgot password · Parla'],
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    }
    await page.context().close();
  });

  it('states the fixed last-updated date and the terms’ age rule and payment provider', async () => {
    const page = await newPage(browser, { consent: true });
    await page.goto(`${server.url}/terms`);
    await waitForPage(page);
    expect(await page.getByTestId('last-updated').textContent()).toBe('Last updated: November 21, 2026');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('at least 13 years old');
    expect(text).toContain('under 18');
    expect(text).toContain('card payment provider');
    await page.context().close();
  });
});
