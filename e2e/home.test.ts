import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { type RunningServer, startServer } from './support/server';

describe.runIf(hasChromium)('the web app in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('loads at / and shows the API health, with no console errors and no serious axe violations', async () => {
    context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);

    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByText('Version').isVisible()).toBe(true);
    const status = await page.locator('dl').textContent();
    expect(status).toMatch(/API\s*ok/);
    expect(status).toMatch(/Database\s*ok/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Parla');

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('serves the app on a client route and on reload', async () => {
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/some/client/route`);
    await expect.poll(() => page.getByText('Version').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText('Version').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('looks right in dark mode on a phone', async () => {
    const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
    const page = await dark.newPage();
    await page.goto(server.url);
    await expect.poll(() => page.getByText('Version').isVisible()).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 23, 42)');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dark.close();
  });
});
