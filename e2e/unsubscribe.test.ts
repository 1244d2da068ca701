import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner } from './support/learners';
import { ARTIFACTS_DIR, newPage, openSite, type SiteServer } from './support/site';

// Issue 15, reminders: the unsubscribe link of a streak-reminder e-mail, opened in Chromium. The
// link's token is made here as the server makes it (an HMAC of the learner id under the server's
// signing secret, which this install keeps in DATA_DIR/secrets), so the test needs no due reminder:
// modules/reminders' API tests cover the e-mail that carries it.

function unsubscribeLink(server: SiteServer, accessToken: string): string {
  const userId = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')).sub as string;
  const secret = readFileSync(join(server.dataDir, 'secrets', 'jwt-secret'), 'utf8').trim();
  const mac = createHmac('sha256', secret).update(`email-unsubscribe\0${userId}`).digest('base64url');
  return `${server.url}/api/v1/unsubscribe?token=${encodeURIComponent(`${userId}.${mac}`)}`;
}

describe.runIf(hasChromium)('unsubscribing from reminder e-mails in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { width, colorScheme } of [
    { width: 390, colorScheme: 'dark' as const },
    { width: 1280, colorScheme: 'light' as const },
  ]) {
    it(`asks first, then turns e-mail reminders off with one keyboard press (${width} px, ${colorScheme})`, async () => {
      const email = `unsubscribe-${width}-${Date.now()}@example.com`;
      const token = await registerLearner(server, { email, native: 'de', interfaceLanguage: 'de' });
      const call = apiClient(server.url);
      await call('/users/me/preferences', 'PUT', { notifications: { email: true } }, token);
      const emailOn = async () =>
        (await call<{ notifications: { email: boolean } }>('/users/me/preferences', 'GET', undefined, token)).notifications.email;

      const page = await newPage(browser, { width, colorScheme });
      const errors = watchConsole(page);
      await page.goto(unsubscribeLink(server, token));
      await page.getByRole('heading', { level: 1, name: 'Keine Erinnerungs-E-Mails mehr?' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `unsubscribe-${width}-${colorScheme}.png`), fullPage: true });
      // Opening the link changed nothing (a mail scanner following it unsubscribes nobody).
      expect(await emailOn()).toBe(true);

      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      expect(focused).toBe('Abbestellen');
      await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
      await page.getByRole('status').filter({ hasText: 'Parla schickt dir keine Erinnerungs-E-Mails mehr' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await emailOn()).toBe(false);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
