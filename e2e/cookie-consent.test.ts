import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, watchConsole } from './support/browser';
import { ESSENTIAL_ONLY, newPage, openSite, readStorage, type SiteServer, waitForPage } from './support/site';

const KEY = 'parla.cookie-consent';
const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });

describe.runIf(hasChromium)('cookie consent in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function firstVisit() {
    const page = await newPage(browser);
    const problems = watchConsole(page);
    // Timed in the page (when the landing's main content and then the banner appear), so a busy
    // test process cannot shorten the measured wait.
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      new MutationObserver(() => {
        if (marks.page === undefined && document.getElementById('main')) marks.page = performance.now();
        if (marks.banner === undefined && document.getElementById('cookie-banner-title')) marks.banner = performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(server.url);
    await waitForPage(page);
    await banner(page).waitFor({ state: 'visible', timeout: 5_000 });
    const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
    return { page, problems, waited: (marks.banner ?? 0) - (marks.page ?? Number.POSITIVE_INFINITY) };
  }

  it('shows the banner about 2 s after a first visit; Accept All stores all four and it stays away after reload', async () => {
    const { page, problems, waited } = await firstVisit();
    expect(waited).toBeGreaterThanOrEqual(1_900);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(JSON.parse((await readStorage(page, KEY)) ?? 'null')).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      personalization: true,
    });
    await page.reload();
    await waitForPage(page);
    await page.waitForTimeout(2_500);
    expect(await banner(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('Essential Only stores the optional categories as false', async () => {
    const { page } = await firstVisit();
    await page.getByRole('button', { name: 'Essential Only' }).click();
    expect(JSON.parse((await readStorage(page, KEY)) ?? 'null')).toEqual(ESSENTIAL_ONLY);
    await page.context().close();
  });

  it('Customize opens a keyboard-usable dialog that stores the chosen toggles', async () => {
    const { page, problems } = await firstVisit();
    await page.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await dialog.waitFor();
    expect(await page.getByRole('switch', { name: 'Necessary' }).isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Marketing' }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(JSON.parse((await readStorage(page, KEY)) ?? 'null')).toEqual({ ...ESSENTIAL_ONLY, marketing: true });
    expect(await banner(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the cookie page saves changes and Reset All Preferences clears the consent and reloads', async () => {
    const { page } = await firstVisit();
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.goto(`${server.url}/cookies`);
    await waitForPage(page);
    const marketing = page.getByRole('switch', { name: 'Marketing' });
    expect(await marketing.getAttribute('aria-checked')).toBe('true');
    await marketing.click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(JSON.parse((await readStorage(page, KEY)) ?? 'null')).toMatchObject({ marketing: false, analytics: true });

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reset All Preferences' }).click()]);
    await waitForPage(page);
    expect(await readStorage(page, KEY)).toBeNull();
    await banner(page).waitFor({ state: 'visible', timeout: 5_000 });
    await page.context().close();
  });
});
