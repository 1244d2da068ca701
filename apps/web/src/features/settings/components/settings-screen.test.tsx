import type { Preferences } from '@parla/shared/preferences.schema';
import { localDate } from '@parla/shared/streak';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

let stored: Preferences;
let profile = testProfile();
let calls: { method: string; path: string; body: unknown }[] = [];

function fakeServer(url: string, init?: RequestInit) {
  const path = new URL(url, 'http://parla.test').pathname.replace('/api/v1', '');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  if (method !== 'GET') calls.push({ method, path, body });
  if (path === '/auth/refresh')
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user: testUser });
  if (path === '/users/me') return json(200, { user: testUser, profile });
  if (path === '/users/me/preferences' && method === 'GET') return json(200, stored);
  if (path === '/users/me/blocks') return json(200, { items: [] });
  if (path === '/users/me/preferences' && method === 'PUT') {
    const change = body as Partial<Preferences> & { vacation_until?: string | null };
    const { vacation_until, notifications, ...rest } = change;
    const today = localDate(new Date(), stored.timezone);
    stored = {
      ...stored,
      ...rest,
      notifications: { ...stored.notifications, ...notifications },
      ...(vacation_until === undefined ? {} : { vacation: vacation_until ? { start: today, until: vacation_until } : null }),
    };
    return json(200, stored);
  }
  if (path === '/users/me/profile' && method === 'PUT') {
    profile = { ...profile, ...(body as object) };
    return json(200, profile);
  }
  if (path === '/auth/password/change') {
    return (body as { current_password: string }).current_password === 'right-password'
      ? json(200, { status: 'ok' })
      : json(400, {
          detail: 'Your current password is not correct.',
          code: 'current_password_incorrect',
          errors: [{ path: 'body.current_password', message: 'Not your current password.' }],
        });
  }
  if (path === '/auth/logout-all' || path === '/auth/logout') return json(200, { status: 'ok' });
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

async function renderSettings() {
  await renderWithApp(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <Routes>
          <Route path="/app/settings" element={<SettingsScreen />} />
          <Route path="/" element={<p>Landing page</p>} />
        </Routes>
      </AuthProvider>
    </QueryClientProvider>,
    { route: '/app/settings' },
  );
  await screen.findByRole('switch', { name: 'In-app notifications' });
}

const saved = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

// The whole screen, its sections' queries and toasts: slow on a busy two-core machine (more than the default 5 s).
describe('SettingsScreen', { timeout: 15_000 }, () => {
  beforeEach(() => {
    stored = defaults;
    profile = testProfile();
    calls = [];
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeServer(String(input), init)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.classList.remove('dark');
  });

  it('shows the saved preferences and saves a switched channel at once; push stays off without server keys', async () => {
    const person = userEvent.setup();
    await renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'In-app notifications' })).toBeChecked();
    const push = screen.getByRole('switch', { name: 'Push notifications' });
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription('Push notifications are not available yet.');
    expect(screen.getByLabelText('Reminder time')).toHaveValue('19:00');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Madrid');

    await person.click(screen.getByRole('switch', { name: 'E-mail reminders' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'E-mail reminders' })).toBeChecked());
    expect(saved('/users/me/preferences')).toEqual([{ notifications: { email: true } }]);
  });

  it('takes the theme stored in the profile on a new device, without saving it back', async () => {
    profile = testProfile({ theme: 'dark' });
    stored = { ...defaults, theme: 'dark' };
    await renderSettings();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(within(screen.getByRole('group', { name: 'Theme' })).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(saved('/users/me/preferences')).toEqual([]);
  });

  it('applies a theme at once and stores it in the profile, so another device gets it', async () => {
    const person = userEvent.setup();
    await renderSettings();
    const theme = screen.getByRole('group', { name: 'Theme' });
    await person.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    await waitFor(() => expect(saved('/users/me/preferences')).toEqual([{ theme: 'dark' }]));
  });

  it('saves a daily goal when the field is left, and refuses one out of range', async () => {
    const person = userEvent.setup();
    await renderSettings();
    const goal = screen.getByLabelText('Daily goal (XP)');
    await person.clear(goal);
    await person.type(goal, '600');
    await person.tab();
    expect(goal).toHaveAccessibleDescription('Choose a whole number between 10 and 500.');
    expect(saved('/users/me/preferences')).toEqual([]);
    await person.clear(goal);
    await person.type(goal, '120');
    await person.tab();
    await waitFor(() => expect(saved('/users/me/preferences')).toEqual([{ daily_goal_xp: 120 }]));
    expect(goal).toHaveAccessibleDescription('Between 10 and 500 XP a day.');
  });

  it('saves a new reminder time once the field is left, not at each change', async () => {
    await renderSettings();
    const reminder = screen.getByLabelText('Reminder time');
    expect(reminder).toHaveAccessibleDescription('If you have not practised by then, we remind you (your local time).');
    fireEvent.change(reminder, { target: { value: '07:05' } });
    fireEvent.change(reminder, { target: { value: '07:30' } });
    expect(saved('/users/me/preferences')).toEqual([]);
    fireEvent.blur(reminder);
    await waitFor(() => expect(saved('/users/me/preferences')).toEqual([{ reminder_time: '07:30' }]));
  });

  it('starts a vacation up to 14 days ahead and ends it', async () => {
    const person = userEvent.setup();
    await renderSettings();
    const today = localDate(new Date(), 'Europe/Madrid');
    const until = screen.getByLabelText('Last day of vacation');
    expect(until).toHaveAttribute('min', today);
    expect(screen.getByText('Pause your streak for up to 14 days, starting today.')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Start vacation' }));
    expect(await screen.findByTestId('vacation-active')).toHaveTextContent(/^Your streak is paused from .+ to .+\.$/);
    await person.click(screen.getByRole('button', { name: 'End vacation' }));
    await waitFor(() => expect(screen.queryByTestId('vacation-active')).not.toBeInTheDocument());
    const vacations = saved('/users/me/preferences') as { vacation_until: string | null }[];
    expect(vacations).toHaveLength(2);
    expect(vacations[0]?.vacation_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(vacations[1]).toEqual({ vacation_until: null });
  });

  it('saves the profile with the setup’s fields and the name', async () => {
    const person = userEvent.setup();
    await renderSettings();
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveValue('Ana García');
    await person.clear(name);
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    await person.type(name, 'Lucía');
    await person.click(screen.getByRole('radio', { name: /^Intermediate/ }));
    await person.click(screen.getByRole('checkbox', { name: 'Travel' }));
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(saved('/users/me/profile')).toEqual([
        {
          full_name: 'Lucía',
          native_language: 'en',
          proficiency: 'intermediate',
          learning_styles: ['visual'],
          goals: ['travel'],
        },
      ]),
    );
    // The course's language is not offered as the native one.
    expect(within(screen.getByLabelText('Native language')).queryByRole('option', { name: /Español/ })).toBeNull();
  });

  it('says when the current password is wrong, and signs out everywhere', async () => {
    const person = userEvent.setup();
    await renderSettings();
    await person.type(screen.getByLabelText('Current password'), 'wrong-password');
    await person.type(screen.getByLabelText('New password'), 'fresh-meadow-91');
    await person.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

    await person.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/auth/logout-all', '/auth/logout']));
  });
});
