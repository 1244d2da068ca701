import { checkAnswer, checkWordOrder } from '@parla/shared/answers';
import type { AnswerExerciseResponse, CompleteLessonResponse, Exercise, StartLessonResponse } from '@parla/shared/lessons.schema';
import { accuracyPercent, lessonBadge, lessonXp } from '@parla/shared/scoring';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LessonRoute from '@/app/routes/account/lesson';
import { learnerKeys } from '@/lib/auth/learner-keys';
import { Route, Routes } from '@/lib/router';
import { greetingsLesson, testProfile, testUser } from '@/testing/fixtures';
import { cachedMe, createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';

const SESSION_ID = '5f0c7b8e-8a4e-4d53-9c39-0b1d6c1f2a10';
const base = (course: 'es' | 'ja') => ({
  instruction_language: 'en' as const,
  metadata: { target_language: course, native_language: 'en' as const, skill_type: 'vocabulary' },
});

function spanishExercises(): Exercise[] {
  return [
    {
      id: 'ex1',
      type: 'multiple-choice',
      instruction: 'Choose the right answer',
      xp_reward: 25,
      ...base('es'),
      content: {
        prompt: 'How do you say “hello”?',
        options: [
          { id: 'a', text: 'adiós' },
          { id: 'b', text: 'hola' },
          { id: 'c', text: 'gracias' },
          { id: 'd', text: 'pan' },
        ],
      },
    },
    {
      id: 'ex2',
      type: 'fill-blank',
      instruction: 'Fill in the blank',
      xp_reward: 30,
      ...base('es'),
      content: { context: 'Buenos ____.', masked_word: 'd__s', hint: 'Good morning.' },
    },
    {
      id: 'ex3',
      type: 'drag-drop',
      instruction: 'Put the words in order',
      xp_reward: 35,
      ...base('es'),
      content: { prompt: 'My name is Ana.', words: ['llamo', 'Ana', 'Me'] },
    },
  ];
}

const KEYS: Record<
  string,
  { kind: 'option'; id: string; text: string } | { kind: 'text'; text: string } | { kind: 'tokens'; tokens: string[] }
> = {
  ex1: { kind: 'option', id: 'b', text: 'hola' },
  ex2: { kind: 'text', text: 'días' },
  ex3: { kind: 'tokens', tokens: ['Me', 'llamo', 'Ana'] },
  jx1: { kind: 'option', id: 'a', text: 'こんにちは' },
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface FakeServerOptions {
  exercises?: Exercise[];
  start?: () => Response;
  /** Answers stored before the page opened (a session to resume). */
  answered?: AnswerExerciseResponse[];
  /** Stands in for the completion: `scored` is what the real server would answer. */
  complete?: (scored: CompleteLessonResponse) => Response | Promise<Response>;
}

/** The lessons API as the real server answers it: marks answers, locks them, scores the session. */
function fakeServer({ exercises = spanishExercises(), start, answered = [], complete }: FakeServerOptions = {}) {
  const answers = new Map<string, AnswerExerciseResponse>(answered.map((result) => [result.exercise_id, result]));
  const calls: { url: string; body: unknown; requestId: string | undefined }[] = [];
  let completed = false;
  const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body, requestId: (init?.headers as Record<string, string> | undefined)?.['X-Request-Id'] });
    if (url.endsWith('/lessons/greetings-1/start')) {
      if (start) return start();
      const session: StartLessonResponse = {
        session_id: SESSION_ID,
        lesson: greetingsLesson,
        exercises,
        answered: [...answers.keys()],
        results: [...answers.values()],
        resumed: answers.size > 0,
      };
      return json(200, session);
    }
    const answer = url.match(/\/lessons\/greetings-1\/exercises\/(\w+)\/complete$/);
    if (answer?.[1]) {
      const id = answer[1];
      const stored = answers.get(id);
      if (stored) return json(200, stored);
      const key = KEYS[id];
      if (!key) return json(404, { detail: 'This exercise is not part of the session.', code: 'not_found' });
      const explanation = { text: `Explanation of ${id}.`, language: 'en' };
      let result: AnswerExerciseResponse;
      if (key.kind === 'option') {
        const correct = body.answer === key.id;
        result = {
          exercise_id: id,
          correct,
          verdict: correct ? 'exact' : 'wrong',
          expected: key.text,
          expected_option_id: key.id,
          explanation,
        };
      } else if (key.kind === 'text') {
        result = { exercise_id: id, ...checkAnswer(body.answer, key.text, [], 'es'), explanation };
      } else {
        const correct = checkWordOrder(body.answer, key.tokens, 'es');
        result = { exercise_id: id, correct, verdict: correct ? 'exact' : 'wrong', expected: key.tokens.join(' '), explanation };
      }
      answers.set(id, result);
      return json(200, result);
    }
    if (url.endsWith('/lessons/greetings-1/complete')) {
      const correct = [...answers.values()].filter((result) => result.correct).length;
      const score = accuracyPercent(correct, exercises.length);
      const scored: CompleteLessonResponse = {
        session_id: SESSION_ID,
        lesson_id: 'greetings-1',
        correct,
        total: exercises.length,
        skipped: 0,
        score,
        xp_earned: lessonXp(score),
        badge: lessonBadge(score),
        total_xp: 120 + lessonXp(score),
        level: 2,
        xp_to_next_level: 46,
        current_streak: 4,
        lessons_completed: 8,
        daily_goal_percent: 68,
        achievements_earned: ['first-lesson'],
      };
      const response = complete ? await complete(scored) : json(200, scored);
      if (response.ok) completed = true;
      return response;
    }
    if (url.endsWith('/api/v1/dashboard'))
      return json(200, completed ? { total_xp: 154, lessons_completed: 8 } : { total_xp: 120, lessons_completed: 7 });
    const hint = url.match(/\/exercises\/(\w+)\/hint$/);
    if (hint) return json(200, { text: 'It starts with “こ”.', language: 'en', source: 'content' });
    return json(404, { detail: 'not here', code: 'not_found' });
  };
  const completions = () => calls.filter((call) => call.url === '/api/v1/lessons/greetings-1/complete');
  const lastAnswer = () => calls.filter((call) => call.url.includes('/exercises/')).at(-1);
  return { handler, calls, answers, completions, lastAnswer };
}

const me = { user: testUser, profile: testProfile({ total_xp: 120, current_streak: 3, lessons_completed: 7 }) };
const DASHBOARD_KEY = [...learnerKeys.progress, 'dashboard'];

/** Stands in for the dashboard: the learner's XP from a query under the learner's progress, as the real one. */
function DashboardStub() {
  const { data } = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: async () => (await fetch('/api/v1/dashboard')).json() as Promise<{ total_xp: number; lessons_completed: number }>,
  });
  return (
    <>
      <h1>Dashboard</h1>
      {data ? (
        <p>
          {data.total_xp} XP, {data.lessons_completed} lessons
        </p>
      ) : null}
    </>
  );
}

/**
 * The lesson page in the app's providers. `cachedDashboard` is a dashboard read before the lesson
 * and, as in the app (10 minutes), still fresh: only an invalidation makes it read again.
 */
function renderLesson({ cachedDashboard }: { cachedDashboard?: { total_xp: number; lessons_completed: number } } = {}) {
  const queryClient = createTestQueryClient({ me, queries: { staleTime: 10 * 60_000 } });
  if (cachedDashboard) queryClient.setQueryData(DASHBOARD_KEY, cachedDashboard);
  const rendered = renderWithApp(
    <SignedIn queryClient={queryClient}>
      <Routes>
        <Route path="/app/lesson/:id" element={<LessonRoute />} />
        <Route path="/app" element={<DashboardStub />} />
      </Routes>
    </SignedIn>,
    { route: '/app/lesson/greetings-1' },
  );
  return { rendered, profile: () => cachedMe(queryClient)?.profile };
}

/** Answers the three Spanish exercises: the first wrong, the other two right (2 of 3: 67 %, 34 XP). */
async function answerAll(user: UserEvent) {
  await screen.findByRole('heading', { name: 'Choose the right answer' });
  await user.keyboard('1');
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('Your answer'), 'días{Enter}');
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  for (const word of ['Me', 'llamo', 'Ana']) await user.click(await screen.findByRole('button', { name: word }));
  await user.click(screen.getByRole('button', { name: 'Check' }));
  await screen.findByRole('heading', { name: 'Correct!' });
}

/** The summary's live region: what a screen reader hears about the saving. */
const summaryStatus = () => within(screen.getByRole('region', { name: 'Lesson complete!' })).getByRole('status');

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Keyboard only: Tab until the element named `name` has the focus. */
async function tabTo(user: UserEvent, name: string) {
  for (let step = 0; step < 40; step++) {
    const active = document.activeElement;
    if (active && (active.getAttribute('aria-label') ?? active.textContent) === name) return;
    await user.tab();
  }
  throw new Error(`Could not reach "${name}" with Tab`);
}

describe('LessonPlayer', () => {
  let server: ReturnType<typeof fakeServer>;
  const useServer = (options?: Parameters<typeof fakeServer>[0]) => {
    server = fakeServer(options);
    vi.stubGlobal('fetch', vi.fn(server.handler));
  };
  beforeEach(() => useServer());
  afterEach(() => vi.unstubAllGlobals());

  it('runs a whole lesson by keyboard; the last answer records it, the summary shows what was stored, Continue only leaves', async () => {
    const user = userEvent.setup();
    const { profile } = renderLesson();

    // Multiple choice: number keys pick an option; one answer, then locked.
    expect(await screen.findByRole('heading', { name: 'Choose the right answer' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Lesson progress' })).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('1');
    expect(await screen.findByRole('heading', { name: 'Not quite' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Not quite. Correct answer: hola');
    expect(screen.getByText('Explanation of ex1.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /hola/ })).toBeDisabled();
    await user.keyboard('2');
    expect(server.calls.filter((call) => call.url.includes('/exercises/ex1/'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await user.keyboard('{Enter}');

    // Fill in the blank: Check waits for text; Enter submits; a missing accent is accepted and noted.
    expect(await screen.findByRole('heading', { name: 'Fill in the blank' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(screen.getByLabelText('Your answer')).toHaveFocus();
    expect(screen.getByLabelText('Your answer')).toHaveAttribute('lang', 'es');
    await user.keyboard('dias{Enter}');
    expect(await screen.findByText(/Correct, but watch the accent:/)).toHaveTextContent('Correct, but watch the accent: días');
    expect(server.lastAnswer()?.body).toEqual({ session_id: SESSION_ID, answer: 'dias' });
    // The sentence shows the right word, not the attempt; the box keeps what was typed.
    expect(screen.getByText('Buenos', { exact: false })).toHaveTextContent('Buenos días.');
    expect(screen.getByLabelText('Your answer')).toHaveValue('dias');
    expect(server.completions()).toEqual([]);
    await user.keyboard('{Enter}');

    // Word order: chips are buttons, placed by keyboard, removable; Check only when every slot is filled.
    expect(await screen.findByRole('heading', { name: 'Put the words in order' })).toBeInTheDocument();
    const check = screen.getByRole('button', { name: 'Check' });
    for (const word of ['llamo', 'Me']) {
      await tabTo(user, word);
      await user.keyboard('{Enter}');
    }
    expect(check).toBeDisabled();
    await tabTo(user, 'Remove “llamo”');
    await user.keyboard('{Enter}');
    for (const word of ['llamo', 'Ana']) {
      await tabTo(user, word);
      await user.keyboard('{Enter}');
    }
    expect(check).toBeEnabled();
    expect(check).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Correct!' })).toBeInTheDocument();
    expect(server.lastAnswer()?.body).toEqual({ session_id: SESSION_ID, answer: ['Me', 'llamo', 'Ana'] });

    // The last answer is in: the lesson is recorded now, while its feedback is still on screen.
    await waitFor(() => expect(server.completions()).toHaveLength(1));
    expect(server.completions()[0]).toMatchObject({ body: { session_id: SESSION_ID }, requestId: expect.any(String) });
    // The server's numbers, not the client's, go into the learner's profile.
    await waitFor(() => expect(profile()).toMatchObject({ total_xp: 154, current_streak: 4, lessons_completed: 8 }));
    await user.keyboard('{Enter}');

    // Summary: 2 of 3 → 67 %, 34 XP, "Good" (spec §9), as the server stored it.
    expect(await screen.findByRole('heading', { name: 'Lesson complete!' })).toHaveFocus();
    expect(await screen.findByText('67%')).toBeInTheDocument();
    expect(screen.getByText('+34')).toBeInTheDocument();
    expect(screen.getByText('2/3')).toBeInTheDocument();
    expect(screen.getByText('Good')).toBeInTheDocument();
    expect(summaryStatus()).toHaveTextContent('Lesson saved: +34 XP with a score of 67%');
    // The achievement the completion earned, named.
    const unlocked = screen.getByRole('region', { name: 'Achievement unlocked!' });
    expect(within(unlocked).getByText('First steps')).toBeInTheDocument();
    // The finished lesson's words can be reviewed at once (issue 15).
    expect(screen.getByRole('link', { name: "Review this lesson's words" })).toHaveAttribute(
      'href',
      '/app/review?lesson=greetings-1',
    );

    await tabTo(user, 'Continue');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.completions()).toHaveLength(1);
  });

  it('shows the numbers the server stored, not a count of its own', async () => {
    // Say the server counted the word-order item as skipped (it has the last word on scoring).
    useServer({
      complete: (scored) =>
        json(200, { ...scored, correct: 1, total: 2, skipped: 1, score: 50, xp_earned: 25, badge: 'needs_practice' }),
    });
    const user = userEvent.setup();
    renderLesson();
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'See results' }));
    expect(await screen.findByText('50%')).toBeInTheDocument();
    expect(screen.getByText('+25')).toBeInTheDocument();
    expect(screen.getByText('1/2')).toBeInTheDocument();
    expect(screen.getByText('Needs practice')).toBeInTheDocument();
    expect(screen.getByText('Skipped (not counted): 1')).toBeInTheDocument();
    expect(screen.queryByText('67%')).not.toBeInTheDocument();
  });

  it('says it is saving until the server has stored the lesson; Continue works meanwhile', async () => {
    const answer = deferred<Response>();
    useServer({ complete: () => answer.promise });
    const user = userEvent.setup();
    renderLesson();
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'See results' }));
    expect(await screen.findByRole('heading', { name: 'Lesson complete!' })).toBeInTheDocument();
    expect(summaryStatus()).toHaveTextContent('Saving…');
    expect(screen.queryByText('+34')).not.toBeInTheDocument();
    expect(screen.queryByText('Good')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();

    answer.resolve(
      json(200, {
        session_id: SESSION_ID,
        lesson_id: 'greetings-1',
        correct: 2,
        total: 3,
        skipped: 0,
        score: 67,
        xp_earned: 34,
        badge: 'good',
        total_xp: 154,
        level: 2,
        xp_to_next_level: 46,
        current_streak: 4,
        lessons_completed: 8,
        daily_goal_percent: 68,
        achievements_earned: [],
      }),
    );
    expect(await screen.findByText('+34')).toBeInTheDocument();
    expect(screen.getByText('Good')).toBeInTheDocument();
    expect(summaryStatus()).toHaveTextContent('Lesson saved: +34 XP with a score of 67%');
  });

  it('says so when the lesson could not be saved, and retries with the same request id', async () => {
    let attempt = 0;
    useServer({
      // The first try fails twice over (the client repeats a 5xx once by itself); the retry succeeds.
      complete: (scored) =>
        ++attempt <= 2 ? json(503, { detail: 'The database is unavailable.', code: 'database_unavailable' }) : json(200, scored),
    });
    const user = userEvent.setup();
    renderLesson();
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'See results' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 3_000 });
    expect(alert).toHaveTextContent("We couldn't save your lesson. Check your connection and try again.");
    expect(screen.queryByText('+34')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try saving again' }));
    expect(await screen.findByText('+34')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const ids = server.completions().map((call) => call.requestId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('leaving the summary without Continue keeps the lesson: the dashboard reads the new XP', async () => {
    const answer = deferred<Response>();
    let scoredLesson: CompleteLessonResponse | undefined;
    useServer({
      complete: async (scored) => {
        scoredLesson = scored;
        return answer.promise;
      },
    });
    const user = userEvent.setup();
    const { profile } = renderLesson({ cachedDashboard: { total_xp: 120, lessons_completed: 7 } });
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'See results' }));
    await screen.findByRole('heading', { name: 'Lesson complete!' });

    // Closing the summary leaves at once (the lesson is done: nothing to confirm), before the
    // completion has even come back.
    await user.click(screen.getByRole('button', { name: 'Quit lesson' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('120 XP, 7 lessons')).toBeInTheDocument();

    await waitFor(() => expect(scoredLesson).toBeDefined());
    answer.resolve(json(200, scoredLesson));
    expect(await screen.findByText('154 XP, 8 lessons')).toBeInTheDocument();
    expect(profile()).toMatchObject({ total_xp: 154, lessons_completed: 8 });
    expect(server.completions()).toHaveLength(1);
  });

  it('records a resumed session whose items were all answered as soon as it opens', async () => {
    const explanation = { text: 'An explanation.', language: 'en' };
    useServer({
      answered: [
        { exercise_id: 'ex1', correct: true, verdict: 'exact', expected: 'hola', expected_option_id: 'b', explanation },
        { exercise_id: 'ex2', correct: true, verdict: 'exact', expected: 'días', explanation },
        { exercise_id: 'ex3', correct: false, verdict: 'wrong', expected: 'Me llamo Ana', explanation },
      ],
    });
    renderLesson();
    expect(await screen.findByRole('heading', { name: 'Lesson complete!' })).toBeInTheDocument();
    expect(await screen.findByText('+34')).toBeInTheDocument();
    expect(server.completions()).toHaveLength(1);
  });

  it('Try again replays the same exercises as practice; the recorded lesson stays as stored', async () => {
    const user = userEvent.setup();
    renderLesson();
    await answerAll(user);
    await user.click(await screen.findByRole('button', { name: 'See results' }));
    expect(await screen.findByText('+34')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Back to exercise 1 with the answers cleared; this time the right option is accepted.
    expect(await screen.findByText('Practice round')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /hola/ })).toBeEnabled();
    const callsBefore = server.calls.length;
    await user.keyboard('2');
    expect(await screen.findByRole('heading', { name: 'Correct!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Your answer'), 'días{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    for (const word of ['Me', 'llamo', 'Ana']) await user.click(await screen.findByRole('button', { name: word }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.click(await screen.findByRole('button', { name: 'See results' }));

    // Marked here against the answers the server revealed: no new session, nothing recorded again.
    expect(await screen.findByText(/Practice round: 3 of 3 correct\./)).toBeInTheDocument();
    expect(screen.getByText('+34')).toBeInTheDocument();
    expect(server.calls).toHaveLength(callsBefore);
    expect(server.completions()).toHaveLength(1);
  });

  it('asks before quitting on Escape', async () => {
    const user = userEvent.setup();
    renderLesson();
    await screen.findByRole('heading', { name: 'Choose the right answer' });
    await user.keyboard('{Escape}');
    const dialog = await screen.findByRole('dialog', { name: 'Quit this lesson?' });
    // Number keys belong to the dialog now, not to the exercise behind it.
    await user.keyboard('2');
    expect(server.calls.some((call) => call.url.includes('/exercises/'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Keep learning' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Quit' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows the daily limit with the next free lesson and Premium', async () => {
    useServer({
      start: () =>
        json(403, {
          detail: 'You have used today’s free lesson.',
          code: 'daily_limit_reached',
          resets_at: '2026-11-21T23:00:00.000Z',
        }),
    });
    renderLesson();
    expect(await screen.findByRole('heading', { name: "You've used today's free lesson" })).toBeInTheDocument();
    expect(screen.getByText(/5 € a month/)).toBeInTheDocument();
    expect(screen.getByText('Your next free lesson unlocks:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/app');
  });

  it.each([
    ['an empty lesson', { exercises: [] }],
    ['a failed start', { start: () => json(404, { detail: 'There is no lesson "greetings-1".', code: 'not_found' }) }],
  ])('shows the spec’s error with Go Back for %s', async (_name, options) => {
    useServer(options);
    const user = userEvent.setup();
    renderLesson();
    expect(await screen.findByRole('heading', { name: 'Error: No exercise data available' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows hints and, for non-Latin courses, a remembered romanisation toggle', async () => {
    useServer({
      exercises: [
        {
          id: 'jx1',
          type: 'multiple-choice',
          instruction: 'Choose the right answer',
          xp_reward: 25,
          ...base('ja'),
          content: {
            prompt: 'How do you say “hello”?',
            options: [
              { id: 'a', text: 'こんにちは', roman: 'konnichiwa' },
              { id: 'b', text: 'さようなら', roman: 'sayōnara' },
            ],
          },
        },
      ],
    });
    const user = userEvent.setup();
    renderLesson();
    const option = await screen.findByText('こんにちは');
    expect(option).toHaveAttribute('lang', 'ja');
    expect(screen.queryByText('konnichiwa')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show romanisation' }));
    expect(screen.getByText('konnichiwa')).toBeInTheDocument();
    expect(window.localStorage.getItem('parla.show-romanisation')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Hint' }));
    expect(await screen.findByText('It starts with “こ”.')).toBeInTheDocument();
    expect(server.calls.at(-1)).toMatchObject({ url: '/api/v1/exercises/jx1/hint', body: { session_id: SESSION_ID } });
  });
});
