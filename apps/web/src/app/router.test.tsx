import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greetingsLesson, testProfile, testUser } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { AppRoutes, preloadRouteCode } from './router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const profile = testProfile({ current_streak: 3 });
const dashboard = {
  full_name: testUser.full_name,
  course: 'es',
  native_language: 'en',
  total_xp: 100,
  level: 2,
  xp_to_next_level: 50,
  level_progress_percent: 50,
  current_streak: 3,
  streak: { current: 3, longest: 3, freezes: 0, max_freezes: 2, frozen_days: 0, on_vacation: false, vacation: null },
  lessons_completed: 2,
  daily_goal_xp: 20,
  xp_today: 0,
  daily_goal_percent: 0,
  lessons_left_today: 1,
  plan: 'free',
  resets_at: '2026-11-21T23:00:00.000Z',
  unfinished_today: [],
  continue_learning: [greetingsLesson],
  review_lessons: [],
  achievements: [],
  week: ['01', '02', '03', '04', '05', '06', '07'].map((day) => ({ date: `2026-01-${day}`, xp: 0, lessons: 0 })),
};

/** A signed-in learner's API: everything the four signed-in screens ask for when they open. */
function fakeServer(url: string) {
  if (url.endsWith('/auth/refresh'))
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user: testUser });
  if (url.endsWith('/users/me')) return json(200, { user: testUser, profile });
  if (url.endsWith('/dashboard')) return json(200, dashboard);
  if (url.includes('/languages?')) return json(200, { languages: [] });
  // A lesson the server cannot start: the player shows its error screen, which leads back home.
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

/** The frame's navigation landmark, also when the lesson player hides it. */
const frameNavigation = () => document.getElementById('navigation');

// Each screen's code is loaded when it is first opened (a lazy route): give that time on a busy machine
// (the whole test too: it opens four screens).
const SCREEN_LOADS = { timeout: 15_000 };

describe('the signed-in layout route', () => {
  beforeEach(async () => {
    // The lesson's code, as the app asks for it when a lesson is opened by its address: under the
    // test runner a first import of the lesson player can take seconds on a busy machine. The other
    // screens' code loads when they open, inside the frame.
    preloadRouteCode('/app/lesson/greetings-1');
    await import('./routes/account/lesson');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => fakeServer(String(input))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the frame and its navigation mounted while the screens inside it change', async () => {
    const user = userEvent.setup();
    await renderWithApp(<AppRoutes />, { route: '/app' });
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Ana!$/ }, SCREEN_LOADS),
    ).toBeInTheDocument();
    const frame = frameNavigation();
    const [sidebar] = screen.getAllByRole('navigation', { name: 'App navigation' });
    expect(within(sidebar as HTMLElement).getByRole('link', { name: 'Home, Streak: 3 days' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(screen.getByRole('link', { name: /^Change language/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a language' }, SCREEN_LOADS)).toBeInTheDocument();
    expect(frameNavigation()).toBe(frame);
    expect(screen.getAllByRole('navigation', { name: 'App navigation' })[0]).toBe(sidebar);
    expect(within(sidebar as HTMLElement).getByRole('link', { name: 'Learn' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(sidebar as HTMLElement).getByRole('link', { name: /^Home/ }));
    await user.click(await screen.findByRole('link', { name: 'Start' }, SCREEN_LOADS));
    // The lesson player fills the screen: the navigation is hidden, not unmounted.
    expect(await screen.findByRole('heading', { name: 'Error: No exercise data available' }, SCREEN_LOADS)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'App navigation' })).not.toBeInTheDocument();
    expect(frameNavigation()).toBe(frame);

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Ana!$/ }, SCREEN_LOADS),
    ).toBeInTheDocument();
    expect(frameNavigation()).toBe(frame);
    expect(screen.getAllByRole('navigation', { name: 'App navigation' })[0]).toBe(sidebar);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  }, 60_000);
});
