import type { Preferences } from '@parla/shared/preferences.schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { Route, Routes } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { SettingsScreen } from './settings-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// 65 bytes, the first 0x04: the shape of a P-256 public key.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');
const ENDPOINT = 'https://push.example.com/send/device-1';

const defaults: Preferences = {
  interface_language: 'en',
  theme: 'system',
  notifications: { in_app: true, email: false, push: false },
  push_available: true,
  reminder_time: '19:00',
  daily_goal_xp: 50,
  timezone: 'Europe/Madrid',
  vacation: null,
  private_profile: false,
  updated_at: '2026-01-03T10:00:00.000Z',
};

let stored: Preferences;
let calls: { method: string; path: string; body: unknown }[] = [];
let subscriptionStatus = 200;

function fakeServer(url: string, init?: RequestInit) {
  const path = new URL(url, 'http://parla.test').pathname.replace('/api/v1', '');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, path, body });
  if (path === '/auth/refresh')
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user: testUser });
  if (path === '/users/me') return json(200, { user: testUser, profile: testProfile() });
  if (path === '/users/me/preferences' && method === 'GET') return json(200, stored);
  if (path === '/users/me/blocks') return json(200, { items: [] });
  if (path === '/users/me/preferences' && method === 'PUT') {
    stored = { ...stored, notifications: { ...stored.notifications, ...(body as Partial<Preferences>).notifications } };
    return json(200, stored);
  }
  if (path === '/push/public-key') return json(200, { public_key: PUBLIC_KEY });
  if (path === '/users/me/push-subscriptions' && method === 'POST') {
    return subscriptionStatus === 200
      ? json(200, { endpoint: ENDPOINT, created_at: '2026-01-03T10:00:00.000Z', last_success_at: null })
      : json(subscriptionStatus, { detail: 'Something went wrong on our side.', code: 'internal_error' });
  }
  if (path === '/users/me/push-subscriptions' && method === 'DELETE') return json(200, { removed: true });
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

/** What the browser did, and a stand-in for its Notification, service worker and push manager. */
function fakeBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
  key = KEY_BYTES,
} = {}) {
  const browser = {
    permission,
    prompts: 0,
    registered: [] as { url: string; scope: string | undefined }[],
    subscribeOptions: [] as PushSubscriptionOptionsInit[],
    subscription: null as null | { endpoint: string; unsubscribe: ReturnType<typeof vi.fn> },
  };
  const makeSubscription = (key: Uint8Array) => {
    const subscription = {
      endpoint: ENDPOINT,
      options: { userVisibleOnly: true, applicationServerKey: key.buffer },
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
      unsubscribe: vi.fn(async () => {
        browser.subscription = null;
        return true;
      }),
    };
    browser.subscription = subscription;
    return subscription;
  };
  if (subscribed) makeSubscription(key);
  const registration = {
    pushManager: {
      getSubscription: async () => browser.subscription,
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        browser.subscribeOptions.push(options);
        return makeSubscription(options.applicationServerKey as Uint8Array);
      },
    },
  };
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.prompts += 1;
      browser.permission = answer;
      return answer;
    },
  });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string, options?: RegistrationOptions) => {
        browser.registered.push({ url, scope: options?.scope });
        return registration;
      },
      ready: Promise.resolve(registration),
      getRegistration: async () => (browser.registered.length > 0 || subscribed ? registration : undefined),
    },
  });
  return { browser };
}

async function renderSettings() {
  await renderWithApp(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <Routes>
          <Route path="/app/settings" element={<SettingsScreen />} />
        </Routes>
      </AuthProvider>
    </QueryClientProvider>,
    { route: '/app/settings' },
  );
  return screen.findByRole('switch', { name: 'Push notifications' });
}

/** What the page changed on the server (the session's own refresh left out). */
const mutations = () =>
  calls
    .filter((call) => call.method !== 'GET' && !call.path.startsWith('/auth/'))
    .map(({ method, path, body }) => ({ method, path, body }));

describe('the push notifications switch', () => {
  beforeEach(() => {
    stored = defaults;
    calls = [];
    subscriptionStatus = 200;
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeServer(String(input), init)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'isSecureContext');
  });

  it('asks for permission only after the click, then registers the worker, subscribes, stores the device and saves the preference', async () => {
    const person = userEvent.setup();
    const { browser } = fakeBrowser();
    const push = await renderSettings();
    expect(push).not.toBeChecked();
    expect(push).toBeEnabled();
    expect(push).toHaveAccessibleDescription('Reminders on this device, even when Parla is closed.');
    expect(browser.prompts).toBe(0);
    expect(browser.registered).toEqual([]);

    await person.click(push);
    await waitFor(() => expect(push).toBeChecked());
    expect(browser.prompts).toBe(1);
    expect(browser.registered).toEqual([{ url: '/sw.js', scope: '/' }]);
    expect(browser.subscribeOptions).toHaveLength(1);
    expect(browser.subscribeOptions[0]?.userVisibleOnly).toBe(true);
    expect(Array.from(browser.subscribeOptions[0]?.applicationServerKey as Uint8Array)).toEqual(Array.from(KEY_BYTES));
    await waitFor(() =>
      expect(mutations()).toEqual([
        {
          method: 'POST',
          path: '/users/me/push-subscriptions',
          body: { endpoint: ENDPOINT, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
        },
        { method: 'PUT', path: '/users/me/preferences', body: { notifications: { push: true } } },
      ]),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says notifications are blocked when the learner refuses, and stores nothing', async () => {
    const person = userEvent.setup();
    const { browser } = fakeBrowser({ answer: 'denied' });
    const push = await renderSettings();
    await person.click(push);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications are blocked for Parla in this browser. Allow them in the site settings, then try again.',
    );
    expect(push).not.toBeChecked();
    expect(browser.registered).toEqual([]);
    expect(mutations()).toEqual([]);
  });

  it('says so at once when this site’s notifications are already blocked', async () => {
    fakeBrowser({ permission: 'denied', answer: 'denied' });
    const push = await renderSettings();
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked for Parla in this browser.');
    expect(push).toBeEnabled();
  });

  it('is off and disabled, saying why, in a browser without Web Push', async () => {
    const push = await renderSettings();
    expect(push).toBeDisabled();
    expect(push).not.toBeChecked();
    expect(push).toHaveAccessibleDescription('This browser cannot receive push notifications.');
  });

  it('is off and disabled when the server has no push keys', async () => {
    stored = { ...defaults, push_available: false };
    fakeBrowser();
    const push = await renderSettings();
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription('Push notifications are not available yet.');
  });

  it('shows on where this device is subscribed, storing it again; off forgets the device, tells the server and saves the preference', async () => {
    const person = userEvent.setup();
    stored = { ...defaults, notifications: { ...defaults.notifications, push: true } };
    const { browser } = fakeBrowser({ permission: 'granted', subscribed: true });
    const push = await renderSettings();
    const subscription = browser.subscription;
    await waitFor(() => expect(push).toBeChecked());
    // The browser may have replaced its subscription since, and only the page can tell the server.
    await waitFor(() => expect(mutations().map((call) => call.method)).toEqual(['POST']));

    await person.click(push);
    await waitFor(() => expect(push).not.toBeChecked());
    expect(subscription?.unsubscribe).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(mutations()).toEqual([
        {
          method: 'POST',
          path: '/users/me/push-subscriptions',
          body: { endpoint: ENDPOINT, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
        },
        { method: 'DELETE', path: '/users/me/push-subscriptions', body: { endpoint: ENDPOINT } },
        { method: 'PUT', path: '/users/me/preferences', body: { notifications: { push: false } } },
      ]),
    );
    expect(browser.prompts).toBe(0);
  });

  it('drops a subscription made with a key the server no longer signs with, and shows off', async () => {
    stored = { ...defaults, notifications: { ...defaults.notifications, push: true } };
    const { browser } = fakeBrowser({ permission: 'granted', subscribed: true, key: new Uint8Array(65).fill(9) });
    const subscription = browser.subscription;
    const push = await renderSettings();
    await waitFor(() => expect(subscription?.unsubscribe).toHaveBeenCalledOnce());
    await waitFor(() => expect(push).not.toBeChecked());
    expect(mutations()).toEqual([]);
  });

  it('shows off on a device that is not subscribed, though push is on for another', async () => {
    stored = { ...defaults, notifications: { ...defaults.notifications, push: true } };
    fakeBrowser({ permission: 'granted' });
    const push = await renderSettings();
    await waitFor(() => expect(push).not.toBeChecked());
    expect(push).toBeEnabled();
  });

  it('says it could not turn push on when the server does not store the device, and saves nothing', async () => {
    const person = userEvent.setup();
    subscriptionStatus = 500;
    fakeBrowser();
    const push = await renderSettings();
    await person.click(push);
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Push notifications could not be turned on. Please try again.',
    );
    expect(push).not.toBeChecked();
    expect(mutations().filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
