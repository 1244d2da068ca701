import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ROOT } from './server';

export const ARTIFACTS_DIR = join(ROOT, 'e2e/artifacts');
mkdirSync(ARTIFACTS_DIR, { recursive: true });

/** The run's server: where it answers, and its DATA_DIR (its database and e-mail outbox). */
export interface SiteServer {
  url: string;
  dataDir: string;
}

/**
 * The run's one server and a connection to its one Chromium (support/global-setup.ts started both).
 * Call it in a file's beforeAll, and close the browser in afterAll: that only disconnects.
 */
export async function openSite(): Promise<{ server: SiteServer; browser: Browser }> {
  const site = inject('e2eSite');
  if (!site) throw new Error('No shared server and browser: the e2e project starts them in support/global-setup.ts');
  return { server: { url: site.url, dataDir: site.dataDir }, browser: await chromium.connect(site.browserEndpoint) };
}

export const ESSENTIAL_ONLY = { necessary: true, analytics: false, marketing: false, personalization: false };

/** True once translators have delivered apps/web/src/locales/<code>.json (en is always there). */
export function hasLocale(code: string): boolean {
  return existsSync(join(ROOT, 'apps/web/src/locales', `${code}.json`));
}

export async function newPage(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; width?: number; consent?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: 'en-US',
  });
  if (options.consent) {
    // Stored before the first script runs, so the cookie banner stays away from screenshots.
    await context.addInitScript((consent) => {
      if (!localStorage.getItem('parla.cookie-consent')) localStorage.setItem('parla.cookie-consent', consent);
    }, JSON.stringify(ESSENTIAL_ONLY));
  }
  return context.newPage();
}

/** Waits until the interface translations are in and the page's main content is there. */
export async function waitForPage(page: Page): Promise<void> {
  await page.locator('main#main').waitFor({ state: 'visible', timeout: 15_000 });
  if (!/^\/(privacy|terms|cookies)$/.test(new URL(page.url()).pathname)) {
    // The landing's sections below the hero arrive in a second chunk.
    await page.locator('#legal').waitFor({ state: 'attached', timeout: 15_000 });
  }
}

/** Chooses an interface language the way a visitor does: with the selector in the top bar. */
export async function selectLanguage(page: Page, code: string): Promise<void> {
  await page.locator('header select').first().selectOption(code);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, code, { timeout: 15_000 });
}

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((storageKey) => localStorage.getItem(storageKey), key);
}
