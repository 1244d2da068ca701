import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { useMe } from '@/lib/auth/get-me';
import { Route, Routes } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { QuickPractice } from './quick-practice';

const SESSION_ID = '0b7a9c1e-5d2f-4e8a-b6c3-9f1e2d3c4b5a';
const user = testUser;
const profile = testProfile({ total_xp: 100, current_streak: 0, lessons_completed: 2 });
const questions = [
  {
    id: 'q1',
    type: 'to-target',
    question: 'How do you say “hello” in Spanish?',
    options: ['adiós', 'hola', 'gracias', 'sí'],
    word_id: 'w1',
  },
  {
    id: 'q2',
    type: 'to-native',
    question: 'What does “gracias” mean?',
    options: ['please', 'sorry', 'thank you', 'yes'],
    word_id: 'w2',
  },
];
const key: Record<string, number> = { q1: 1, q2: 2 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answers: { question_id: string; answer: number | null }[] = [];

/** The practice API as the server answers it: it marks each answer and awards XP at the end. */
function fakeServer(url: string, init?: RequestInit) {
  if (url.endsWith('/auth/refresh'))
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user });
  if (url.endsWith('/users/me')) return json(200, { user, profile });
  if (url.endsWith('/practice/start'))
    return json(200, {
      session_id: SESSION_ID,
      kind: 'practice',
      course: 'es',
      native_language: 'en',
      seconds_per_question: 30,
      questions,
    });
  if (url.endsWith(`/practice/${SESSION_ID}/answer`)) {
    const body = JSON.parse(String(init?.body)) as { question_id: string; answer: number | null };
    answers.push(body);
    const right = key[body.question_id] ?? 0;
    return json(200, {
      question_id: body.question_id,
      correct: body.answer === right,
      correct_answer: right,
      explanation: `“${questions.find((q) => q.id === body.question_id)?.options[right]}” is right.`,
    });
  }
  if (url.endsWith(`/practice/${SESSION_ID}/complete`))
    return json(200, {
      session_id: SESSION_ID,
      correct: 1,
      total: 2,
      accuracy: 50,
      xp_earned: 20,
      stars: 1,
      total_xp: 120,
      current_streak: 1,
      achievements_earned: [],
    });
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

/** Stands in for the dashboard: the learner's XP and streak as useMe has them. */
function DashboardStub() {
  const profile = useMe().data?.profile;
  return (
    <p>
      Dashboard page: {profile?.total_xp} XP, streak {profile?.current_streak}
    </p>
  );
}

function renderPractice() {
  // The app's freshness (10 minutes): the learner's new numbers come from the completion, not a refetch.
  const queryClient = createTestQueryClient({ queries: { staleTime: 10 * 60_000 } });
  return renderWithApp(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Routes>
          <Route path="/app/practice" element={<QuickPractice />} />
          <Route path="/app" element={<DashboardStub />} />
        </Routes>
      </AuthProvider>
    </QueryClientProvider>,
    { route: '/app/practice' },
  );
}

describe('QuickPractice', () => {
  beforeEach(() => {
    answers = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeServer(String(input), init)),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('locks an answer chosen by key, times out the next question, then shows stars and XP', async () => {
    const person = userEvent.setup();
    await renderPractice();
    expect(await screen.findByRole('heading', { name: 'How do you say “hello” in Spanish?' })).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('practice-timer')).toHaveTextContent('30 s');

    // "2" chooses the second option; the question locks and the server's verdict shows.
    await person.keyboard('2');
    expect(await screen.findByText('Correct!')).toBeInTheDocument();
    const options = within(screen.getByRole('list', { name: 'Answer options' })).getAllByRole('button');
    for (const option of options) expect(option).toBeDisabled();
    await person.keyboard('3');
    expect(answers).toEqual([{ question_id: 'q1', answer: 1 }]);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveFocus();

    // Only the countdown is faked, so Testing Library's own waiting keeps working.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'What does “gracias” mean?' })).toHaveFocus();
    const timer = screen.getByTestId('practice-timer');
    expect(timer).toHaveAttribute('data-warning', 'false');
    act(() => vi.advanceTimersByTime(20_000));
    expect(timer).toHaveTextContent('10 s');
    expect(timer).toHaveAttribute('data-warning', 'true');
    expect(screen.getByText('Seconds left: 10', { selector: '[aria-live] *, [aria-live]' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    vi.useRealTimers();

    expect(await screen.findByText("Time's up!")).toBeInTheDocument();
    expect(screen.getByText('Correct answer: thank you')).toBeInTheDocument();
    expect(answers).toEqual([
      { question_id: 'q1', answer: 1 },
      { question_id: 'q2', answer: null },
    ]);

    // The last question offers Finish; Enter on it shows the results.
    expect(screen.getByRole('button', { name: 'Finish' })).toHaveFocus();
    await person.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Practice complete!' })).toHaveFocus();
    expect(screen.getByRole('img', { name: '1 of 3 stars' })).toBeInTheDocument();
    expect(screen.getByText('+20 XP')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 correct')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();

    const results = screen.getByRole('region', { name: 'Practice complete!' });
    await person.click(within(results).getByRole('link', { name: 'Back to dashboard' }));
    expect(await screen.findByText('Dashboard page: 120 XP, streak 1')).toBeInTheDocument();
  });

  it('shows a wrong answer with the right one', async () => {
    const person = userEvent.setup();
    await renderPractice();
    await person.click(await screen.findByRole('button', { name: /adiós/ }));
    expect(await screen.findByText('Not quite.')).toBeInTheDocument();
    expect(screen.getByText('Correct answer: hola')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /adiós/ })).toHaveAttribute('aria-pressed', 'true');
  });
});
