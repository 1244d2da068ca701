import type { Preferences } from '@parla/shared/preferences.schema';
import type { BlockedLearner } from '@parla/shared/social.schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
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
const failure = () => json(500, { detail: 'Something went wrong on our side.', code: 'internal_error' });

const defaults: Preferences = {
  interface_language: 'en',
  theme: 'system',
  notifications: { in_app: true, email: false, push: false },
  push_available: false,
  reminder_time: '19:00',
  daily_goal_xp: 50,
  timezone: 'Europe/Madrid',
  vacation: null,
  private_profile: false,
  updated_at: '2026-01-03T10:00:00.000Z',
};

const ANA = '7a0c2a7e-52f7-4d1c-9a4b-1f1b2d3c4e51';
const BEA = '7a0c2a7e-52f7-4d1c-9a4b-1f1b2d3c4e52';
const CHLOE = '7a0c2a7e-52f7-4d1c-9a4b-1f1b2d3c4e53';
const learners: BlockedLearner[] = [
  { user_id: ANA, name: 'Ana', blocked_at: '2026-11-20T12:00:00.000Z' },
  { user_id: BEA, name: 'Bea', blocked_at: '2026-10-02T12:00:00.000Z' },
  { user_id: CHLOE, name: 'Chloé', blocked_at: '2026-03-15T12:00:00.000Z' },
];

let stored: Preferences;
let blocked: BlockedLearner[];
/** The server's answers that fail, by "METHOD path". */
let failing: Set<string>;
let calls: { method: string; path: string; body: unknown }[] = [];
/** When set, GET /users/me/blocks answers only once this resolves. */
let blocksAnswered: Promise<void> | undefined;

async function fakeServer(url: string, init?: RequestInit) {
  const path = new URL(url, 'http://parla.test').pathname.replace('/api/v1', '');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, path, body });
  if (failing.has(`${method} ${path}`)) return failure();
  if (path === '/auth/refresh')
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user: testUser });
  if (path === '/users/me') return json(200, { user: testUser, profile: testProfile() });
  if (path === '/users/me/preferences' && method === 'GET') return json(200, stored);
  if (path === '/users/me/preferences' && method === 'PUT') {
    stored = { ...stored, ...(body as Partial<Preferences>) };
    return json(200, stored);
  }
  if (path === '/users/me/blocks' && method === 'GET') {
    await blocksAnswered;
    return json(200, { items: blocked });
  }
  const unblocked = path.match(/^\/users\/me\/blocks\/([^/]+)$/)?.[1];
  if (unblocked && method === 'DELETE') {
    blocked = blocked.filter((learner) => learner.user_id !== unblocked);
    return json(200, { user_id: unblocked, blocked: false });
  }
  return json(404, { detail: 'Not found.', code: 'not_found' });
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
  return screen.findByRole('region', { name: 'Privacy' });
}

/** What the page changed on the server (the session's own refresh left out). */
const changes = () =>
  calls
    .filter((call) => call.method !== 'GET' && !call.path.startsWith('/auth/'))
    .map(({ method, path, body }) => ({ method, path, body }));

const blockedList = () => screen.getByRole('list', { name: 'Blocked learners' });
const rowNames = () =>
  within(blockedList())
    .getAllByRole('listitem')
    .map((row) => row.textContent);

// A busy two-core machine renders the whole settings screen slowly: more than the default 5 s a test.
describe('the privacy section of the settings', { timeout: 15_000 }, () => {
  beforeEach(() => {
    stored = defaults;
    blocked = [...learners];
    failing = new Set();
    blocksAnswered = undefined;
    calls = [];
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeServer(String(input), init)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('makes the profile private at once and says what that means', async () => {
    const person = userEvent.setup();
    const privacy = await renderSettings();
    const toggle = await within(privacy).findByRole('switch', { name: 'Private profile' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      "Other learners can't find you in search, you aren't suggested to them, and you don't appear on league boards. Your level, XP, streak and when you're online are shown only to the people you follow.",
    );

    await person.click(toggle);
    expect(toggle).toBeChecked();
    expect(await screen.findByText('Your profile is now private.', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(changes()).toEqual([{ method: 'PUT', path: '/users/me/preferences', body: { private_profile: true } }]);
    expect(stored.private_profile).toBe(true);

    await person.click(toggle);
    expect(await screen.findByText('Your profile is now public.', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(changes().map((change) => change.body)).toEqual([{ private_profile: true }, { private_profile: false }]);
  });

  it('puts the switch back and says so when the server does not save it', async () => {
    failing.add('PUT /users/me/preferences');
    const person = userEvent.setup();
    const privacy = await renderSettings();
    const toggle = await within(privacy).findByRole('switch', { name: 'Private profile' });

    await person.click(toggle);
    expect(toggle).toBeChecked();
    // A failed save is retried twice (1 s, then 2 s later) before it counts as failed.
    expect(
      await screen.findByText(
        "We couldn't change your profile's privacy; it is as it was. Please try again.",
        {},
        { timeout: 6_000 },
      ),
    ).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(stored.private_profile).toBe(false);
    expect(changes()).toContainEqual({ method: 'PUT', path: '/users/me/preferences', body: { private_profile: true } });
  });

  it('lists the blocked learners, the latest first, with the day each was blocked', async () => {
    await renderSettings();
    await screen.findByRole('list', { name: 'Blocked learners' });
    expect(rowNames()).toEqual([
      'AnaBlocked on November 20, 2026Unblock',
      'BeaBlocked on October 2, 2026Unblock',
      'ChloéBlocked on March 15, 2026Unblock',
    ]);
    expect(screen.getByRole('button', { name: 'Unblock Ana' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock Chloé' })).toBeInTheDocument();
    expect(screen.queryByText("You haven't blocked anyone.")).not.toBeInTheDocument();
  });

  it('unblocks a learner: DELETE, the row goes, and focus moves to the next row, then to the heading', async () => {
    const person = userEvent.setup();
    await renderSettings();
    await screen.findByRole('list', { name: 'Blocked learners' });

    await person.click(screen.getByRole('button', { name: 'Unblock Bea' }));
    expect(await screen.findByText('You unblocked Bea.', {}, { timeout: 3_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unblock Bea' })).not.toBeInTheDocument());
    expect(changes()).toEqual([{ method: 'DELETE', path: `/users/me/blocks/${BEA}`, body: undefined }]);
    expect(rowNames()).toEqual(['AnaBlocked on November 20, 2026Unblock', 'ChloéBlocked on March 15, 2026Unblock']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unblock Chloé' })).toHaveFocus());

    // The last row: focus goes to the one before it.
    await person.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unblock Ana' })).toHaveFocus());
    await person.keyboard('{Enter}');

    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Blocked learners' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Blocked learners' })).toHaveFocus());
    expect(changes().map((change) => change.path)).toEqual([
      `/users/me/blocks/${BEA}`,
      `/users/me/blocks/${CHLOE}`,
      `/users/me/blocks/${ANA}`,
    ]);
    expect(blocked).toEqual([]);
  });

  it('keeps the row and says so when an unblock fails', async () => {
    failing.add(`DELETE /users/me/blocks/${ANA}`);
    const person = userEvent.setup();
    await renderSettings();
    await screen.findByRole('list', { name: 'Blocked learners' });

    await person.click(screen.getByRole('button', { name: 'Unblock Ana' }));
    expect(await screen.findByText("We couldn't unblock Ana. Please try again.", {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock Ana' })).toBeInTheDocument();
    expect(rowNames()).toHaveLength(3);
  });

  it('says when nobody is blocked', async () => {
    blocked = [];
    const privacy = await renderSettings();
    expect(await within(privacy).findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(within(privacy).queryByRole('list')).not.toBeInTheDocument();
    expect(within(privacy).queryByRole('button', { name: /^Unblock/ })).not.toBeInTheDocument();
  });

  it('says the list is loading until it comes', async () => {
    let answer = () => {};
    blocksAnswered = new Promise((resolve) => {
      answer = resolve;
    });
    const privacy = await renderSettings();
    expect(await within(privacy).findByRole('status')).toHaveTextContent('Loading…');
    expect(within(privacy).queryByRole('list')).not.toBeInTheDocument();
    answer();
    expect(await within(privacy).findByRole('button', { name: 'Unblock Ana' })).toBeInTheDocument();
    expect(within(privacy).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a failed list with a retry that loads it', async () => {
    failing.add('GET /users/me/blocks');
    const person = userEvent.setup();
    const privacy = await renderSettings();
    const alert = await within(privacy).findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the learners you blocked.");

    failing.delete('GET /users/me/blocks');
    await person.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(privacy).findByRole('button', { name: 'Unblock Ana' })).toBeInTheDocument();
    expect(within(privacy).queryByRole('alert')).not.toBeInTheDocument();
  });
});
