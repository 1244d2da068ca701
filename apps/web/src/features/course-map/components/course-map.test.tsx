import type { CourseLesson, ListLessonsResponse } from '@parla/shared/lessons.schema';
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
import { CourseMap } from './course-map';

const lesson = (id: string, title: string, state: CourseLesson['state'], progress = 0): CourseLesson => ({
  id,
  unit_id: id.split('-')[0] ?? id,
  title,
  description: `About ${title.toLowerCase()}`,
  difficulty: 'beginner',
  duration: 5,
  xp_reward: 50,
  completed: state === 'done',
  progress,
  category: 'Greetings',
  icon: '👋',
  state,
});

const courseMap: ListLessonsResponse = {
  course: 'es',
  units: [
    {
      id: 'greetings',
      title: 'Greetings',
      icon: '👋',
      lessons: [
        lesson('greetings-1', 'Hello and goodbye', 'done', 80),
        lesson('greetings-2', 'Introductions', 'next'),
        lesson('greetings-3', 'Polite words', 'open'),
      ],
      words: [
        { id: 'hello', text: 'hola', translation: 'hello' },
        { id: 'goodbye', text: 'adiós', translation: 'goodbye' },
      ],
    },
    {
      id: 'family',
      title: 'Family',
      icon: '👪',
      lessons: [lesson('family-1', 'My family', 'locked'), lesson('family-2', 'Brothers and sisters', 'locked')],
      words: [{ id: 'mother', text: 'madre', translation: 'mother' }],
    },
  ],
  // Midnight in Madrid (the learner's time zone) is 23:00 UTC in winter.
  daily: { lessons_left_today: 1, resets_at: '2026-11-21T23:00:00.000Z', unfinished_today: [] },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let body: ListLessonsResponse;
let failing = false;

function fakeServer(url: string) {
  if (url.endsWith('/auth/refresh'))
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user: testUser });
  if (url.endsWith('/users/me')) return json(200, { user: testUser, profile: testProfile({ current_streak: 2 }) });
  if (url.endsWith('/lessons')) return failing ? json(503, { detail: 'Try later.', code: 'unavailable' }) : json(200, body);
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

function renderCourseMap() {
  return renderWithApp(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <Routes>
          <Route element={<SignedInShell />}>
            <Route path="/app/learn" element={<CourseMap />} />
          </Route>
        </Routes>
      </AuthProvider>
    </QueryClientProvider>,
    { route: '/app/learn' },
  );
}

const row = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

describe('CourseMap', () => {
  beforeEach(() => {
    body = structuredClone(courseMap);
    failing = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => fakeServer(String(input))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the units in order with each lesson’s state, best score and action', async () => {
    await renderCourseMap();
    expect(await screen.findByRole('heading', { level: 1, name: 'Course map' })).toBeInTheDocument();
    expect(screen.getByText('Learning Spanish')).toBeInTheDocument();
    const units = screen.getByRole('list', { name: 'Units of the course' });
    const headings = within(units)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Greetings', 'Family']);
    expect(screen.getByText('Unit 1')).toBeInTheDocument();
    expect(screen.getAllByText('Lessons done: 1/5')).not.toHaveLength(0);

    const done = row('Hello and goodbye');
    expect(within(done).getByText('Done')).toBeInTheDocument();
    expect(within(done).getByText('Best score: 80%')).toBeInTheDocument();
    const replay = within(done).getByRole('link', { name: 'Replay' });
    expect(replay).toHaveAttribute('href', '/app/lesson/greetings-1');
    expect(replay).toHaveAccessibleDescription('Hello and goodbye');

    const next = row('Introductions');
    expect(within(next).getByText('Up next')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/app/lesson/greetings-2');
    expect(within(row('Polite words')).getByText('Open')).toBeInTheDocument();

    const locked = row('My family');
    expect(within(locked).getByText('Locked')).toBeInTheDocument();
    expect(within(locked).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Finish the lessons of the earlier units to unlock this one.')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Quick practice' })).toHaveAttribute('href', '/app/practice');
    // The Learn tab is current on the course map.
    const [navigation] = screen.getAllByRole('navigation', { name: 'App navigation' });
    expect(within(navigation as HTMLElement).getByRole('link', { name: 'Learn' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a unit’s words in a disclosure', async () => {
    const person = userEvent.setup();
    await renderCourseMap();
    const summary = await screen.findByText('Words in this unit (2)');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await person.click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByText('hola')).toHaveAttribute('lang', 'es');
    expect(within(details).getByText('hello')).toBeInTheDocument();
  });

  it('after the day’s free lesson says when lessons come back instead of offering Start or Replay', async () => {
    body.daily = { ...body.daily, lessons_left_today: 0, unfinished_today: ['greetings-3'] };
    await renderCourseMap();
    await screen.findByRole('heading', { level: 1, name: 'Course map' });
    expect(screen.queryByRole('link', { name: /^(Start|Replay)$/ })).not.toBeInTheDocument();
    // 23:00 UTC is midnight in the learner's Madrid, shown in the interface language.
    const tomorrow = /^Available tomorrow · resets at 12:00\sAM$/;
    expect(within(row('Hello and goodbye')).getByText(tomorrow)).toBeInTheDocument();
    expect(within(row('Introductions')).getByText(tomorrow)).toBeInTheDocument();
    // A lesson started today can still be finished.
    expect(within(row('Polite words')).getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/app/lesson/greetings-3',
    );
    expect(screen.getByRole('status')).toHaveTextContent(/You've used today's free lesson/);
  });

  it('offers replays without a limit to Premium', async () => {
    body.daily = { ...body.daily, lessons_left_today: null };
    await renderCourseMap();
    await screen.findByRole('heading', { level: 1, name: 'Course map' });
    expect(within(row('Hello and goodbye')).getByRole('link', { name: 'Replay' })).toBeInTheDocument();
    expect(screen.queryByText(/lessons left today/)).not.toBeInTheDocument();
  });

  it('says so when the course could not load, and tries again', async () => {
    failing = true;
    const person = userEvent.setup();
    await renderCourseMap();
    // The API client asks a 5xx once more after a second before the screen gives up.
    expect(await screen.findByText("We couldn't load your course.", {}, { timeout: 5_000 })).toBeInTheDocument();
    failing = false;
    await person.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Course map' }, { timeout: 5_000 })).toBeInTheDocument();
  });
});
