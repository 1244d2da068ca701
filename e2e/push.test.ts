import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage } from './support/learners';
import { ROOT } from './support/server';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';

// Issue 15, Web Push: the settings switch asks for the browser's permission only after the click,
// registers the service worker, subscribes with the server's VAPID key and stores the device. The
// test browser cannot finish a subscription: Playwright's contexts are off the record, where Chrome
// refuses the Push API ("Registration failed - permission denied", crbug.com/41124656), and a push
// service would be Google's, off the network here. So `pushManager.subscribe` is checked for what it
// was asked, its real outcome is asserted either way, and the worker's handling of a push is checked
// by delivering one through the DevTools protocol. Storage and delivery are covered on the server
// (modules/push tests, against a local push service that decrypts what arrives).

const en = JSON.parse(readFileSync(join(ROOT, 'apps/web/src/locales/en.json'), 'utf8')) as Record<string, string>;
const text = (key: string) => en[key] ?? key;

interface Recorded {
  permissionRequests: number;
  subscribes: { userVisibleOnly: boolean | undefined; key: number[] }[];
  outcome: string | null;
}

/** Counts permission prompts and records each subscribe call, passing both on to the browser. */
function recordPushCalls(): void {
  const recorded: Recorded = { permissionRequests: 0, subscribes: [], outcome: null };
  (window as unknown as { __push: Recorded }).__push = recorded;
  const request = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = () => {
    recorded.permissionRequests += 1;
    return request();
  };
  const subscribe = PushManager.prototype.subscribe;
  PushManager.prototype.subscribe = function (this: PushManager, options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    recorded.subscribes.push({
      userVisibleOnly: options?.userVisibleOnly,
      key: key instanceof ArrayBuffer || ArrayBuffer.isView(key) ? Array.from(new Uint8Array(key as ArrayBuffer)) : [],
    });
    return subscribe.call(this, options).then(
      (subscription) => {
        recorded.outcome = 'subscribed';
        return subscription;
      },
      (error: Error) => {
        recorded.outcome = `${error.name}: ${error.message}`;
        throw error;
      },
    );
  };
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __push: Recorded }).__push);

describe.runIf(hasChromium)('push notifications in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks only after the click, registers the worker, subscribes with the server’s key; the worker shows a push', async () => {
    const email = `push-${Date.now()}@example.com`;
    const token = await registerLearner(server, { email, interfaceLanguage: 'en' });
    const call = apiClient(server.url);
    const { public_key: publicKey } = await call<{ public_key: string }>('/push/public-key', 'GET', undefined, token);

    const page = await signedInPage(browser, server, email);
    const errors = watchConsole(page);
    await page.context().grantPermissions(['notifications'], { origin: server.url });
    await page.context().addInitScript(recordPushCalls);
    await page.goto(`${server.url}/app/settings`);
    const push = page.getByRole('switch', { name: text('settings.notifications.push') });
    await push.waitFor({ timeout: 15_000 });
    expect(await push.isEnabled()).toBe(true);
    expect(await push.getAttribute('aria-checked')).toBe('false');
    expect(await push.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.getByText(text('settings.notifications.push.description')).isVisible()).toBe(true);
    // Nothing asked and no worker until the learner clicks.
    expect((await recorded(page)).permissionRequests).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/')) === undefined)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await push.click();
    await page.waitForFunction(() => (window as unknown as { __push: Recorded }).__push.outcome !== null, undefined, {
      timeout: 15_000,
    });
    const calls = await recorded(page);
    expect(calls.permissionRequests).toBe(1);
    expect(calls.subscribes).toEqual([{ userVisibleOnly: true, key: Array.from(Buffer.from(publicKey, 'base64url')) }]);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return { scope: registration?.scope, script: registration?.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js` });

    const preferences = () =>
      call<{ notifications: { push: boolean } }>('/users/me/preferences', 'GET', undefined, token).then(
        (answer) => answer.notifications.push,
      );
    if (calls.outcome === 'subscribed') {
      // A browser with a push service: the device is stored and the preference saved.
      await page.waitForFunction(() => document.querySelector('[role="switch"][aria-checked="true"]') !== null, undefined, {
        timeout: 15_000,
      });
      await expect.poll(preferences).toBe(true);
    } else {
      // Headless Chromium here: no push service, so the learner is told and nothing is saved.
      console.info(`pushManager.subscribe in headless Chromium: ${calls.outcome}`);
      await page
        .getByRole('alert')
        .filter({ hasText: text('settings.notifications.push.failed') })
        .waitFor({ timeout: 15_000 });
      expect(await push.getAttribute('aria-checked')).toBe('false');
      expect(await preferences()).toBe(false);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'settings-push-1280.png'), fullPage: true });

    // The worker shows what a push carries, and a tap can only open this site.
    const cdp = await page.context().newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((item) => item.scopeURL === `${server.url}/`)).toBeTruthy();
    const registrationId = registrations.find((item) => item.scopeURL === `${server.url}/`)?.registrationId ?? '';
    const deliver = (message: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(message) });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const notifications = (await registration?.getNotifications()) ?? [];
        return notifications
          .map((item) => ({ title: item.title, body: item.body, tag: item.tag, url: (item.data as { url: string }).url }))
          .sort((a, b) => a.tag.localeCompare(b.tag));
      });
    /**
     * Delivers a push and waits for its notification. A push that arrives while the worker is still
     * starting can be dropped by DevTools' delivery (CI saw one of two pushes sent back to back go
     * missing), so it is sent again until shown; a second one with the same tag only replaces it.
     */
    const deliverUntilShown = async (message: { title: string; body: string; url: string; tag: string }) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await deliver(message);
        for (const end = Date.now() + 3_000; Date.now() < end; await page.waitForTimeout(100)) {
          if ((await shown()).some((item) => item.tag === message.tag)) return;
        }
      }
      throw new Error(`The push tagged ${message.tag} was never shown`);
    };
    await deliverUntilShown({
      title: 'Your 3-day streak is waiting',
      body: 'A short lesson keeps it going.',
      url: '/app',
      tag: 'streak-reminder',
    });
    await deliverUntilShown({ title: 'Elsewhere', body: 'A link off the site', url: 'https://example.com/phish', tag: 'other' });
    expect(await shown()).toEqual([
      { title: 'Elsewhere', body: 'A link off the site', tag: 'other', url: `${server.url}/app` },
      {
        title: 'Your 3-day streak is waiting',
        body: 'A short lesson keeps it going.',
        tag: 'streak-reminder',
        url: `${server.url}/app`,
      },
    ]);
    // Chrome's own console notice about push in off-the-record contexts is the only error allowed.
    expect(errors.filter((error) => !/Push API in incognito mode/.test(error))).toEqual([]);
    await cdp.detach();
    await page.context().close();
  }, 90_000);
});
