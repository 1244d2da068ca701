import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { registerLearner, signInThroughForm } from './support/learners';
import { ARTIFACTS_DIR, ESSENTIAL_ONLY, openSite, type SiteServer } from './support/site';

const PHONE = { width: 390, height: 844 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A phone-sized page, with the cookie choice already made (the banner is another matter). */
async function phonePage(browser: Browser, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale,
    colorScheme: 'light',
  });
  await context.addInitScript((consent) => {
    if (!localStorage.getItem('parla.cookie-consent')) localStorage.setItem('parla.cookie-consent', consent);
  }, JSON.stringify(ESSENTIAL_ONLY));
  return context.newPage();
}

/**
 * Scrolls `target` into view the way reading down the page does (from the top, until it shows at the
 * bottom edge), and checks it is fully on screen and clear of the floating accessibility button.
 */
async function expectClearOfButton(page: Page, target: Locator, what: string) {
  const button = page.locator('#a11y-button');
  await button.waitFor({ state: 'visible' });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await target.evaluate((element) => element.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
  const [targetBox, buttonBox] = [await target.boundingBox(), await button.boundingBox()];
  expect(targetBox, what).not.toBeNull();
  expect(buttonBox).not.toBeNull();
  if (!targetBox || !buttonBox) return;
  expect(targetBox.y + targetBox.height, `${what} is on screen`).toBeLessThanOrEqual(PHONE.height + 1);
  expect(
    overlaps(targetBox, buttonBox),
    `${what} ${JSON.stringify(targetBox)} under the button ${JSON.stringify(buttonBox)}`,
  ).toBe(false);
}

describe.runIf(hasChromium)('phone layout (390 × 844)', () => {
  let server: SiteServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps the landing's Send Message and the footer's Privacy Policy link clear of the accessibility button", async () => {
    const page = await phonePage(browser);
    await page.goto(server.url);
    await page.locator('#legal').waitFor({ state: 'attached', timeout: 15_000 });
    await expectClearOfButton(page, page.locator('#contact').getByRole('button', { name: 'Send Message' }), 'Send Message');
    const privacy = page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).last();
    await expectClearOfButton(page, privacy, 'the footer Privacy Policy link');
    // At the very end of the page too, where nothing can scroll further.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const [linkBox, buttonBox] = [await privacy.boundingBox(), await page.locator('#a11y-button').boundingBox()];
    expect(linkBox && buttonBox && overlaps(linkBox, buttonBox)).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'phone-landing-footer.png') });
    await page.context().close();
  });

  it('keeps every setup option and the Continue button clear of the accessibility button', async () => {
    const email = `phone-setup-${stamp}@example.com`;
    await registerLearner(server, { email, fullName: 'Pia Phone', setUp: false });
    const page = await phonePage(browser);
    await signInThroughForm(page, server, email, { landsOn: '/setup' });
    const options = page.locator('main label:has(input)');
    await options.first().waitFor({ state: 'visible', timeout: 15_000 });
    const count = await options.count();
    expect(count).toBeGreaterThan(3);
    for (let index = 0; index < count; index++)
      await expectClearOfButton(page, options.nth(index), `setup option ${index + 1} of ${count}`);
    await expectClearOfButton(page, page.getByRole('button', { name: 'Continue' }), 'Continue');
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'phone-setup.png') });
    await page.context().close();
  });

  it("keeps the dashboard's lesson cards clear of the accessibility button, above the tab bar", async () => {
    const email = `phone-dashboard-${stamp}@example.com`;
    await registerLearner(server, { email, fullName: 'Pia Phone' });
    const page = await phonePage(browser);
    await signInThroughForm(page, server, email);
    const cards = page.locator('main li:has(h3)');
    await cards.first().waitFor({ state: 'visible', timeout: 15_000 });
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) await expectClearOfButton(page, cards.nth(index), `lesson card ${index + 1}`);
    // And the button itself stays above the tab bar.
    const [buttonBox, barBox] = [
      await page.locator('#a11y-button').boundingBox(),
      await page.locator('#bottom-navigation').boundingBox(),
    ];
    expect(buttonBox && barBox && overlaps(buttonBox, barBox)).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'phone-dashboard.png') });
    await page.context().close();
  });

  it('breaks the Japanese headline between phrases, never inside 1回5分で', async () => {
    const page = await phonePage(browser, 'ja-JP');
    await page.goto(server.url);
    await page.waitForFunction(() => document.documentElement.lang === 'ja', undefined, { timeout: 15_000 });
    const heading = page.locator('#hero-title');
    await expect.poll(() => heading.textContent()).toContain('1回5分で');
    expect(await heading.evaluate((element) => getComputedStyle(element).wordBreak)).toBe('auto-phrase');
    // The line each character of the phrase sits on, from the layout itself.
    const lines = await heading.evaluate((element) => {
      const phrase = '1回5分で';
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const start = node.textContent?.indexOf(phrase) ?? -1;
        if (start < 0) continue;
        return [...phrase].map((_, offset) => {
          const range = document.createRange();
          range.setStart(node, start + offset);
          range.setEnd(node, start + offset + 1);
          return Math.round(range.getClientRects()[0]?.top ?? -1);
        });
      }
      return [];
    });
    expect(lines).toHaveLength(5);
    expect(new Set(lines).size, `line tops of 1回5分で: ${lines.join(', ')}`).toBe(1);
    await heading.screenshot({ path: join(ARTIFACTS_DIR, 'phone-ja-headline.png') });
    await page.context().close();
  });
});
