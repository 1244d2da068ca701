import type { AchievementsResponse } from '@parla/shared/achievements';
import type { ProgressSkillsResponse, ProgressSummaryResponse, ProgressWeeklyResponse } from '@parla/shared/progress.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { ProgressScreen } from './progress-screen';

const summary: ProgressSummaryResponse = {
  course: 'es',
  native_language: 'en',
  total_xp: 240,
  level: 3,
  xp_to_next_level: 60,
  level_progress_percent: 40,
  daily_goal_xp: 20,
  today: '2026-11-24',
  tiles: { lessons_completed: 6, current_streak: 4, longest_streak: 9, words_learned: 31, awards: 3 },
  streak: {
    current: 4,
    longest: 9,
    freezes: 1,
    max_freezes: 2,
    frozen_days: 1,
    on_vacation: false,
    vacation: { start: '2026-12-20', until: '2026-12-28' },
  },
  month: {
    start: '2026-11-01',
    days: 30,
    goals: {
      lessons: { current: 6, target: 12, percent: 50 },
      xp: { current: 240, target: 600, percent: 40 },
      streak_days: { current: 30, target: 30, percent: 100 },
      new_words: { current: 31, target: 62, percent: 50 },
    },
  },
};

const week = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
const weekly: ProgressWeeklyResponse = {
  time_zone: 'Europe/Madrid',
  days: week.map((date, index) => ({
    date,
    xp: [0, 30, 0, 45, 0, 10, 52][index] ?? 0,
    lessons: [0, 1, 0, 1, 0, 0, 2][index] ?? 0,
    practices: [0, 0, 0, 1, 0, 1, 0][index] ?? 0,
  })),
  max_xp: 52,
  total_xp: 137,
  total_lessons: 4,
};

const skills: ProgressSkillsResponse = {
  course: 'es',
  overview: {
    speaking: { percent: 0, answered: 0, correct: 0 },
    reading: { percent: 75, answered: 12, correct: 9 },
    listening: { percent: 50, answered: 2, correct: 1 },
    writing: { percent: 80, answered: 5, correct: 4 },
  },
  units: [
    {
      id: 'greetings',
      title: 'Greetings',
      icon: '👋',
      level: 'A1',
      words: 12,
      words_learned: 12,
      lessons: 3,
      lessons_completed: 3,
      percent: 100,
    },
    {
      id: 'family',
      title: 'Family',
      icon: '👪',
      level: 'A1',
      words: 10,
      words_learned: 4,
      lessons: 3,
      lessons_completed: 1,
      percent: 33,
    },
  ],
  deck: { cards: 16, due_now: 5, learned: 7, recall_percent: 88 },
};

const achievements: AchievementsResponse = {
  earned_count: 2,
  achievements: [
    {
      id: 'first-lesson',
      icon: '🎯',
      metric: 'lessons',
      earned: true,
      earned_at: '2026-11-19T10:00:00.000Z',
      current: 1,
      target: 1,
    },
    { id: 'five-lessons', icon: '📚', metric: 'lessons', earned: false, earned_at: null, current: 4, target: 5 },
    { id: 'streak-3', icon: '🔥', metric: 'streak', earned: true, earned_at: '2026-11-21T10:00:00.000Z', current: 3, target: 3 },
  ],
};

const newLearner = {
  summary: {
    ...summary,
    total_xp: 0,
    level: 1,
    xp_to_next_level: 100,
    level_progress_percent: 0,
    tiles: { lessons_completed: 0, current_streak: 0, longest_streak: 0, words_learned: 0, awards: 0 },
    month: {
      ...summary.month,
      goals: {
        lessons: { current: 0, target: 12, percent: 0 },
        xp: { current: 0, target: 600, percent: 0 },
        streak_days: { current: 0, target: 30, percent: 0 },
        new_words: { current: 0, target: 62, percent: 0 },
      },
    },
  } satisfies ProgressSummaryResponse,
  weekly: {
    ...weekly,
    days: week.map((date) => ({ date, xp: 0, lessons: 0, practices: 0 })),
    max_xp: 0,
    total_xp: 0,
    total_lessons: 0,
  } satisfies ProgressWeeklyResponse,
  skills: {
    ...skills,
    overview: {
      speaking: { percent: 0, answered: 0, correct: 0 },
      reading: { percent: 0, answered: 0, correct: 0 },
      listening: { percent: 0, answered: 0, correct: 0 },
      writing: { percent: 0, answered: 0, correct: 0 },
    },
    units: skills.units.map((unit) => ({ ...unit, words_learned: 0, lessons_completed: 0, percent: 0 })),
    deck: { cards: 0, due_now: 0, learned: 0, recall_percent: null },
  } satisfies ProgressSkillsResponse,
  achievements: {
    earned_count: 0,
    achievements: achievements.achievements.map((item) => ({ ...item, earned: false, earned_at: null, current: 0 })),
  } satisfies AchievementsResponse,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let bodies: { summary: unknown; weekly: unknown; skills: unknown; achievements: unknown };
let failSummary = false;
const requested: string[] = [];

function fakeServer(url: string) {
  const path = new URL(url, 'http://localhost').pathname.replace('/api/v1', '');
  requested.push(path);
  if (path === '/progress/me/summary')
    return failSummary ? json(503, { detail: 'Try later.', code: 'unavailable' }) : json(200, bodies.summary);
  if (path === '/progress/me/weekly') return json(200, bodies.weekly);
  if (path === '/progress/me/skills') return json(200, bodies.skills);
  if (path === '/progress/me/achievements') return json(200, bodies.achievements);
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function renderProgress(route = '/app/progress') {
  const queryClient = createTestQueryClient({ me: { user: testUser, profile: testProfile() } });
  return renderWithApp(
    <SignedIn queryClient={queryClient}>
      <ProgressScreen />
      <Address />
    </SignedIn>,
    { route },
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

describe('ProgressScreen', () => {
  beforeEach(() => {
    bodies = { summary, weekly, skills, achievements };
    failSummary = false;
    requested.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => fakeServer(String(input))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the title, back link, course badge, level card and the overview’s tiles and month goals', async () => {
    await renderProgress();
    expect(await screen.findByRole('heading', { level: 2, name: 'Level 3' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your progress' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/app');
    expect(screen.getByText('Learning Spanish')).toBeInTheDocument();
    expect(screen.getByText('60 XP to level 4')).toBeInTheDocument();
    expect(screen.getByText('240 XP')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute('aria-valuenow', '40');

    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    const overview = panel();
    expect(overview).toHaveAccessibleName('Overview');
    const stat = (label: string) => within(overview).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('Lessons')).toHaveTextContent('6');
    expect(stat('Day streak')).toHaveTextContent('4');
    expect(within(overview).getByText('Longest: 9 days')).toBeInTheDocument();
    expect(stat('Words learned')).toHaveTextContent('31');
    expect(stat('Awards')).toHaveTextContent('3');

    const goals = within(overview).getByRole('region', { name: 'Goals for November 2026' });
    expect(within(goals).getByText('Targets follow your daily goal of 20 XP.')).toBeInTheDocument();
    expect(within(goals).getByRole('progressbar', { name: 'XP earned' })).toHaveAttribute('aria-valuetext', '240 of 600 (40%)');
    expect(within(goals).getByRole('progressbar', { name: 'Active days' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(goals).getByRole('progressbar', { name: 'Lessons' })).toHaveAttribute('aria-valuetext', '6 of 12 (50%)');
    expect(within(goals).getByRole('progressbar', { name: 'New words' })).toHaveAttribute('aria-valuetext', '31 of 62 (50%)');
    // The other tabs' data is asked for only when they are opened.
    expect(requested).toEqual(['/progress/me/summary']);
  });

  it('shows the streak with its freezes, the freeze at work, the coming vacation and a link to plan one', async () => {
    await renderProgress();
    const card = await screen.findByRole('region', { name: 'Your streak' });
    const record = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(record('Current streak')).toHaveTextContent('4 days');
    expect(record('Longest streak')).toHaveTextContent('9 days');
    expect(within(card).getByText('Streak freezes: 1 of 2')).toBeInTheDocument();
    expect(within(card).getByText('A streak freeze is covering the day you missed.')).toBeInTheDocument();
    expect(within(card).getByTestId('streak-vacation')).toHaveTextContent(/^Vacation planned: December 20\s–\s28$/);
    expect(
      within(card).getByText(/^You earn a streak freeze for every 7 days in a row and can hold up to 2\./),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Plan a vacation' })).toHaveAttribute('href', '/app/settings');
  });

  it('moves between the four tabs with the arrow keys, Home and End, and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    await renderProgress();
    await screen.findByRole('heading', { level: 2, name: 'Level 3' });
    expect(screen.getAllByRole('tab').map((item) => item.textContent)).toEqual([
      'Overview',
      'Skills',
      'Activity',
      'Achievements',
    ]);
    // One tab stop: the selected tab.
    expect(screen.getAllByRole('tab').map((item) => item.tabIndex)).toEqual([0, -1, -1, -1]);

    tab('Overview').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Skills')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Skills')).toHaveFocus();
    expect(screen.getByTestId('address')).toHaveTextContent('/app/progress?tab=skills');
    expect(await within(panel()).findByRole('heading', { name: 'Skills overview' })).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(tab('Achievements')).toHaveFocus();
    expect(tab('Achievements')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tab('Overview')).toHaveFocus();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/app\/progress$/);
    await user.keyboard('{ArrowLeft}');
    expect(tab('Achievements')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    // Tab leaves the row for the panel.
    await user.tab();
    expect(panel()).toHaveFocus();

    await user.click(tab('Activity'));
    expect(tab('Activity')).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveAccessibleName('Activity');
  });

  it('shows the skills as percentages, the units with level, words and percent, and the review deck', async () => {
    await renderProgress('/app/progress?tab=skills');
    const skillsPanel = await screen.findByRole('tabpanel', { name: 'Skills' });
    const overview = await within(skillsPanel).findByRole('region', { name: 'Skills overview' });
    const skill = (name: string) => within(overview).getByText(name).closest('li') as HTMLElement;
    expect(skill('Reading')).toHaveTextContent('75%');
    expect(skill('Reading')).toHaveTextContent('9 of 12 answers right');
    expect(skill('Writing')).toHaveTextContent('80%');
    expect(skill('Listening')).toHaveTextContent('1 of 2 answers right');
    expect(skill('Speaking')).toHaveTextContent('No answers yet');

    const units = within(skillsPanel).getByRole('region', { name: 'Units' });
    const family = within(units).getByRole('heading', { name: 'Family' });
    expect(family).toHaveAttribute('dir', 'auto');
    const familyCard = family.closest('li') as HTMLElement;
    expect(familyCard).toHaveTextContent('4 of 10 words learned · 1 of 3 lessons done');
    expect(familyCard).toHaveTextContent('A1');
    expect(within(familyCard).getByRole('progressbar', { name: 'Progress in Family' })).toHaveAttribute('aria-valuenow', '33');
    expect(within(units).getByRole('progressbar', { name: 'Progress in Greetings' })).toHaveAttribute('aria-valuenow', '100');

    const deck = within(skillsPanel).getByRole('region', { name: 'Review deck' });
    expect(within(deck).getByRole('link', { name: 'Review 5 words' })).toHaveAttribute('href', '/app/review');
    const stat = (label: string) => within(deck).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('Words in the deck')).toHaveTextContent('16');
    expect(stat('Due now')).toHaveTextContent('5');
    expect(stat('Learned')).toHaveTextContent('7');
    expect(stat('Predicted recall')).toHaveTextContent('88%');
  });

  it('shows the week’s XP and lessons per day as bars with a table for screen readers', async () => {
    await renderProgress('/app/progress?tab=activity');
    const activity = await screen.findByRole('tabpanel', { name: 'Activity' });
    const table = await within(activity).findByRole('table', { name: 'XP and lessons on each of the last 7 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveTextContent('Wednesday, November 18');
    expect(rows[3]).toHaveTextContent(/Saturday, November 21\s*45\s*1\s*1/);
    expect(rows[6]).toHaveTextContent(/Today, Tuesday, November 24\s*52\s*2\s*0/);
    // The bars scale to the best day (spec §9): today's 52 XP fills the chart.
    const bars = screen.getByTestId('weekly-bars').querySelectorAll('rect');
    expect([...bars].map((bar) => bar.getAttribute('height'))).toEqual(['0%', '58%', '0%', '87%', '0%', '19%', '100%']);
    const stat = (label: string) => within(activity).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('XP this week')).toHaveTextContent('137');
    expect(stat('Lessons')).toHaveTextContent('4');
    expect(stat('Quick practices')).toHaveTextContent('2');
  });

  it('shows earned achievements with their date and locked ones with how far along', async () => {
    await renderProgress('/app/progress?tab=achievements');
    const list = await screen.findByRole('tabpanel', { name: 'Achievements' });
    expect(await within(list).findByText('2 of 3 achievements earned')).toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    // Earned first.
    expect(within(cards[0] as HTMLElement).getByRole('heading', { name: 'First steps' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Complete your first lesson');
    expect(cards[0]).toHaveTextContent('Earned on Nov 19, 2026');
    expect(within(cards[1] as HTMLElement).getByRole('heading', { name: 'On fire' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Earned on Nov 21, 2026');
    expect(within(cards[2] as HTMLElement).getByRole('heading', { name: 'Bookworm' })).toBeInTheDocument();
    expect(cards[2]).toHaveTextContent('Locked · 4 of 5');
    expect(within(cards[2] as HTMLElement).getByRole('progressbar', { name: 'Bookworm' })).toHaveAttribute('aria-valuenow', '4');
  });

  it('greets a new learner with empty states on every tab', async () => {
    bodies = newLearner;
    const user = userEvent.setup();
    await renderProgress();
    expect(await screen.findByRole('heading', { level: 2, name: 'Level 1' })).toBeInTheDocument();
    expect(screen.getByText(/Your progress starts with your first lesson/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start learning' })).toHaveAttribute('href', '/app/learn');

    await user.click(tab('Skills'));
    expect(await within(panel()).findAllByText('No answers yet')).toHaveLength(4);
    expect(within(panel()).getByText(/The words of your lessons join your review deck/)).toBeInTheDocument();
    expect(within(panel()).queryByRole('link', { name: /^Review/ })).not.toBeInTheDocument();

    await user.click(tab('Activity'));
    expect(await within(panel()).findByText(/Nothing yet this week/)).toBeInTheDocument();

    await user.click(tab('Achievements'));
    expect(await within(panel()).findByText(/No achievements yet/)).toBeInTheDocument();
    expect(within(panel()).getAllByText(/^Locked/)).toHaveLength(3);
  });

  it('says when the progress could not load and loads it again on Try again', async () => {
    failSummary = true;
    const user = userEvent.setup();
    await renderProgress();
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('We couldn’t load your progress.');
    expect(screen.getByRole('heading', { level: 1, name: 'Your progress' })).toBeInTheDocument();
    failSummary = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Level 3' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
