import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, watchConsole } from './support/browser';
import { newPage, openSite, type SiteServer, waitForPage } from './support/site';

describe.runIf(hasChromium)('contact form and newsletter in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads the API client and zod only on the first submit, not while a visitor reads the page to its end', async () => {
    const page = await newPage(browser, { consent: true });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(server.url);
    await waitForPage(page);
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('#contact form').getByRole('button', { name: 'Send Message' }).waitFor();
    const apiChunk = (path: string) => /\/assets\/api-[\w-]+\.js$/.test(path);
    expect(scripts.filter(apiChunk)).toEqual([]);

    await page.locator('#contact form').getByRole('button', { name: 'Send Message' }).click();
    await page.locator('#contact form').getByRole('alert').first().waitFor();
    expect(scripts.filter(apiChunk)).toHaveLength(1);
    await page.context().close();
  });

  it('sends a contact message and shows the success toast; shows the server’s errors next to the form', async () => {
    const page = await newPage(browser, { consent: true });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/#contact`);
    await waitForPage(page);
    const form = page.locator('#contact form');

    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByRole('alert').waitFor();
    expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Name').fill('Ana García');
    await form.getByLabel('Email').fill('ana@example.com');
    await form.getByLabel('Message').fill('¿Tenéis cursos de catalán?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thanks! Your message has been sent.').waitFor();
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('');
    expect(await form.getByRole('alert').count()).toBe(0);
    // The invalid first attempt is a 400 the browser logs as a failed resource; nothing else.
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await page.context().close();
  });

  it('subscribes to the newsletter (twice is fine) and shows the success toast', async () => {
    const page = await newPage(browser, { consent: true });
    const problems = watchConsole(page);
    await page.goto(server.url);
    await waitForPage(page);
    const input = page.getByRole('textbox', { name: 'Email address' });
    for (let attempt = 0; attempt < 2; attempt++) {
      await input.fill('learner@example.com');
      await page.getByRole('button', { name: 'Subscribe' }).click();
      // The field empties once the server has answered (the first toast may still be showing).
      await expect.poll(() => input.inputValue()).toBe('');
      await page.getByText('You are subscribed. Welcome aboard!').first().waitFor();
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
