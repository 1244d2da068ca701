import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInShell } from '@/app/shell/signed-in-shell';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { Route, Routes } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { Dashboard } from './dashboard';

const user = testUser;
const profile = testProfile({ total_xp: 240, current_streak: 4, lessons_completed: 6 });
const lesson = (id: string, title: string, completed: boolean, progress: number) => ({
  id,
  unit_id: 'greetings',
  title,
  description: `About ${title.toLowerCase()}`,
  difficulty: 'beginner',
  duration: 5,
  xp_reward: 50,
  completed,
  progress,
  category: 'vocabulary',
  icon: '👋',
});
const dashboard = {
  full_name: 'Ana García',
  course: 'es',
  native_language: 'en',
  total_xp: 240,
  level: 3,
  xp_to_next_level: 60,
  level_progress_percent: 40,
  current_streak: 4,
  streak: {
    current: 4,
    longest: 9,
    freezes: 1,
    max_freezes: 2 as const,
    frozen_days: 0,
    on_vacation: false,
    vacation: null as { start: string; until: string } | null,
  },
  lessons_completed: 6,
  daily_goal_xp: 20,
  xp_today: 13,
  daily_goal_percent: 65,
  lessons_left_today: 1,
  plan: 'free',
  // Midnight in Madrid (the learner's time zone) is 23:00 UTC in winter.
  resets_at: '2026-01-07T23:00:00.000Z',
  unfinished_today: [] as string[],
  continue_learning: [
    lesson('greetings-1', 'Hello and goodbye', true, 100),
    lesson('greetings-2', 'Introductions', false, 40),
    lesson('greetings-3', 'Polite words', false, 0),
  ],
  review_lessons: [] as ReturnType<typeof lesson>[],
  achievements: [
    { id: 'first-lesson', icon: '🎯', earned: true, earned_at: '2026-01-01T09:00:00.000Z' as string | null },
    { id: 'five-lessons', icon: '📚', earned: true, earned_at: '2026-01-05T09:00:00.000Z' },
    { id: 'streak-3', icon: '🔥', earned: true, earned_at: '2026-01-03T09:00:00.000Z' },
    { id: 'streak-7', icon: '🏆', earned: false, earned_at: null },
    { id: 'xp-100', icon: '⭐', earned: false, earned_at: null },
    { id: 'xp-1000', icon: '🌟', earned: false, earned_at: null },
  ],
  week: ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07'].map((date) => ({
    date,
    xp: 10,
    lessons: 1,
  })),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let dashboardBody: typeof dashboard;
const calls: { method: string; url: string }[] = [];

/** The API as a signed-in learner's dashboard sees it. */
function fakeServer(url: string, init?: RequestInit) {
  calls.push({ method: init?.method ?? 'GET', url });
  if (url.endsWith('/auth/refresh'))
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user });
  if (url.endsWith('/users/me')) return json(200, { user, profile });
  if (url.endsWith('/dashboard')) return json(200, dashboardBody);
  if (url.endsWith('/auth/logout')) return json(200, { status: 'ok' });
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

function renderDashboard() {
  const queryClient = createTestQueryClient();
  return renderWithApp(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Routes>
          <Route element={<SignedInShell />}>
            <Route path="/app" element={<Dashboard />} />
          </Route>
          <Route path="/" element={<p>Landing page</p>} />
        </Routes>
      </AuthProvider>
    </QueryClientProvider>,
    { route: '/app' },
  );
}

describe('Dashboard', () => {
  beforeEach(() => {
    dashboardBody = structuredClone(dashboard);
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeServer(String(input), init)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('greets the learner by first name and shows the server’s numbers', async () => {
    await renderDashboard();
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Ana!$/ }),
    ).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Your progress' });
    expect(within(chips).getByText('Streak: 4')).toBeInTheDocument();
    expect(within(chips).getByText('Level 3')).toBeInTheDocument();
    expect(within(chips).getByText('240 XP')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Learning Spanish' })).toBeInTheDocument();
    expect(screen.getByText('60 XP to level 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute('aria-valuenow', '40');

    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('Lessons')).toHaveTextContent('6');
    expect(stat('Daily goal')).toHaveTextContent('65%');
    expect(screen.getByText('13 of 20 XP today')).toBeInTheDocument();
    expect(stat('Day streak')).toHaveTextContent('4');
    expect(stat('Day streak')?.nextElementSibling).toHaveTextContent('Streak freezes: 1 of 2');
    expect(stat('Achievements')).toHaveTextContent('3/6');
    expect(screen.getByText('Free plan · lessons left today: 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start practice' })).toHaveAttribute('href', '/app/practice');
    expect(screen.getByRole('link', { name: /^Change language/ })).toHaveAttribute('href', '/app/languages');
    // The sidebar and the phone tab bar (CSS shows one of them), with the streak badge on Home.
    const [sidebar] = screen.getAllByRole('navigation', { name: 'App navigation' });
    expect(within(sidebar as HTMLElement).getByRole('link', { name: 'Home, Streak: 4 days' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says under the streak when a freeze covers a missed day, and when a vacation pauses it', async () => {
    dashboardBody.streak = { ...dashboard.streak, freezes: 0, frozen_days: 1 };
    const { unmount } = await renderDashboard();
    const detail = async () => (await screen.findByText('Day streak', { selector: 'dt' })).nextElementSibling?.nextElementSibling;
    expect(await detail()).toHaveTextContent('A streak freeze is covering the day you missed.');
    unmount();

    dashboardBody.streak = {
      ...dashboard.streak,
      on_vacation: true,
      vacation: { start: '2026-01-06', until: '2026-01-12' },
    };
    await renderDashboard();
    expect(await detail()).toHaveTextContent('Paused until January 12');
  });

  it('offers review, continue and start for finished, started and new lessons', async () => {
    await renderDashboard();
    const section = await screen.findByRole('region', { name: 'Continue learning' });
    const review = within(section).getByRole('link', { name: 'Review' });
    // A finished lesson's Review goes over its words in the review screen.
    expect(review).toHaveAttribute('href', '/app/review?lesson=greetings-1');
    expect(review).toHaveAccessibleDescription('Hello and goodbye');
    expect(within(section).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/lesson/greetings-2');
    expect(within(section).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/app/lesson/greetings-3');
  });

  it('keeps finished lessons at hand to review and links to the course map', async () => {
    dashboardBody.continue_learning = [lesson('greetings-3', 'Polite words', false, 0)];
    dashboardBody.review_lessons = [lesson('greetings-1', 'Hello and goodbye', true, 60)];
    await renderDashboard();
    const section = await screen.findByRole('region', { name: 'Continue learning' });
    expect(within(section).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/app/lesson/greetings-3');
    const review = within(section).getByRole('list', { name: 'Review finished lessons' });
    expect(within(review).getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/app/review?lesson=greetings-1');
    expect(within(review).getByText('Hello and goodbye')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Course map' })).toHaveAttribute('href', '/app/learn');
  });

  it('after the day’s free lesson shows lessons as available tomorrow with the reset time, not Start', async () => {
    dashboardBody.lessons_left_today = 0;
    dashboardBody.continue_learning = [
      lesson('greetings-2', 'Introductions', false, 0),
      lesson('greetings-3', 'Polite words', false, 0),
    ];
    dashboardBody.review_lessons = [lesson('greetings-1', 'Hello and goodbye', true, 100)];
    await renderDashboard();
    const section = await screen.findByRole('region', { name: 'Continue learning' });
    expect(within(section).queryByRole('link', { name: /^(Start|Continue)$/ })).not.toBeInTheDocument();
    // 23:00 UTC is midnight in the learner's Madrid.
    expect(within(section).getAllByText(/^Available tomorrow · resets at 12:00\sAM$/)).toHaveLength(2);
    // Reviewing a finished lesson's words needs no lesson session: it stays open.
    expect(within(section).getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/app/review?lesson=greetings-1');
    expect(screen.getByText('Free plan · lessons left today: 0')).toBeInTheDocument();
    expect(screen.getByText(/Quick practice is always open/)).toBeInTheDocument();
  });

  it('lets a lesson started today be continued even with no lesson left', async () => {
    dashboardBody.lessons_left_today = 0;
    dashboardBody.unfinished_today = ['greetings-2'];
    dashboardBody.continue_learning = [
      lesson('greetings-2', 'Introductions', false, 0),
      lesson('greetings-3', 'Polite words', false, 0),
    ];
    await renderDashboard();
    const section = await screen.findByRole('region', { name: 'Continue learning' });
    expect(within(section).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/lesson/greetings-2');
    expect(within(section).getAllByText(/^Available tomorrow · resets at 12:00\sAM$/)).toHaveLength(1);
  });

  it('shows the two achievements earned last, newest first', async () => {
    await renderDashboard();
    const recent = await screen.findByRole('region', { name: 'Recent achievements' });
    const names = within(recent)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(names).toEqual(['Bookworm', 'On fire']);
    expect(within(recent).getByText('Complete 5 lessons')).toBeInTheDocument();
    expect(within(recent).queryByText('First steps')).not.toBeInTheDocument();
  });

  it('has an empty achievements state and no daily-limit line for premium', async () => {
    dashboardBody.achievements = dashboardBody.achievements.map((achievement) => ({ ...achievement, earned: false }));
    dashboardBody.plan = 'premium';
    dashboardBody.lessons_left_today = null as unknown as number;
    await renderDashboard();
    expect(await screen.findByText('No achievements yet. Finish your first lesson to earn one!')).toBeInTheDocument();
    expect(screen.queryByText(/lessons left today/)).not.toBeInTheDocument();
  });

  it('logs out from the account menu and returns to the landing page', async () => {
    const person = userEvent.setup();
    await renderDashboard();
    const menuButton = await screen.findByRole('button', { name: 'AG – Account menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await person.click(menuButton);
    expect(screen.getByText('Signed in as ana@example.com')).toBeVisible();
    await person.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    await person.click(menuButton);
    await person.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/auth/logout'))).toBe(true);
  });
});
