import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { relativeTime } from './review-empty';
import { ReviewScreen } from './review-screen';

const SESSION_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const questions = [
  {
    id: 'q1',
    type: 'to-target',
    question: 'How do you say “hello” in Japanese?',
    options: ['さようなら', 'こんにちは', 'ありがとう', 'はい'],
    word_id: 'hello',
  },
  {
    id: 'q2',
    type: 'to-native',
    question: 'What does “ありがとう” mean?',
    options: ['goodbye', 'yes', 'thank you', 'hello'],
    word_id: 'thanks',
  },
];
const key: Record<string, number> = { q1: 1, q2: 2 };
const words: Record<string, { text: string; roman: string; translation: string }> = {
  q1: { text: 'こんにちは', roman: 'konnichiwa', translation: 'hello' },
  q2: { text: 'ありがとう', roman: 'arigatō', translation: 'thank you' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Server {
  due: number;
  nextDue: string | null;
  failDue: boolean;
  failStart: boolean;
  answers: { question_id: string; answer: number | null }[];
  starts: number;
  completes: number;
  /** The lesson each start asked for (undefined: the due cards). */
  lessons?: (string | undefined)[];
}
let server: Server;

/** The review API as the server answers it: the deck's count, a round, marked answers, the XP at the end. */
function fakeServer(url: string, init?: RequestInit) {
  if (url.includes('/review/users/me/spaced_repetition')) {
    if (server.failDue) return json(500, { detail: 'Down.', code: 'internal' });
    return json(200, { course: 'ja', due_count: server.due, next_due: server.nextDue, cards: [] });
  }
  if (url.endsWith('/review/start')) {
    server.starts += 1;
    const asked = init?.body ? (JSON.parse(String(init.body)) as { lesson_id?: string }).lesson_id : undefined;
    server.lessons = [...(server.lessons ?? []), asked];
    // A finished lesson's words can be reviewed when nothing is due.
    if (asked) server.due = Math.max(server.due, 2);
    if (server.failStart) return json(500, { detail: 'Down.', code: 'internal' });
    if (server.due === 0) return json(409, { detail: 'Nothing is due.', code: 'nothing_due' });
    return json(200, {
      session_id: SESSION_ID,
      kind: 'review',
      course: 'ja',
      native_language: 'en',
      seconds_per_question: 30,
      questions,
    });
  }
  if (url.endsWith(`/review/sessions/${SESSION_ID}/answer`)) {
    const body = JSON.parse(String(init?.body)) as { question_id: string; answer: number | null };
    server.answers.push(body);
    const right = key[body.question_id] ?? 0;
    return json(200, {
      question_id: body.question_id,
      correct: body.answer === right,
      correct_answer: right,
      explanation: '',
      word: words[body.question_id],
    });
  }
  if (url.endsWith(`/review/sessions/${SESSION_ID}/complete`)) {
    server.completes += 1;
    server.due = 0;
    server.nextDue = new Date(Date.now() + 10 * 60_000).toISOString();
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
  }
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

function renderReview(route = '/app/review') {
  const queryClient = createTestQueryClient({ me: { user: testUser, profile: testProfile({ target_language: 'ja' }) } });
  return renderWithApp(
    <SignedIn queryClient={queryClient}>
      <Routes>
        <Route path="/app/review" element={<ReviewScreen />} />
        <Route path="/app" element={<p>Dashboard page</p>} />
        <Route path="/app/learn" element={<p>Course map page</p>} />
      </Routes>
    </SignedIn>,
    { route },
  );
}

describe('ReviewScreen', () => {
  beforeEach(() => {
    server = { due: 2, nextDue: null, failDue: false, failStart: false, answers: [], starts: 0, completes: 0 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeServer(String(input), init)),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks each due word, shows it in script and romanisation after the answer, and ends with the XP earned', async () => {
    const person = userEvent.setup();
    await renderReview();
    expect(await screen.findByRole('heading', { name: 'How do you say “hello” in Japanese?' })).toBeInTheDocument();
    expect(screen.getByText('Word 1 of 2')).toBeInTheDocument();
    // The options are Japanese text, marked as such for voices and fonts; the first one has the focus.
    const options = within(screen.getByRole('list', { name: 'Answer options' })).getAllByRole('button');
    expect(options[0]).toHaveFocus();
    expect(within(options[1] as HTMLElement).getByText('こんにちは')).toHaveAttribute('lang', 'ja');

    // "2" answers by keyboard: the option locks, the verdict and the word show, Next takes the focus.
    await person.keyboard('2');
    expect(await screen.findByRole('heading', { name: 'Correct!' })).toBeInTheDocument();
    expect(server.answers).toEqual([{ question_id: 'q1', answer: 1 }]);
    for (const option of options) expect(option).toBeDisabled();
    expect(options[1]).toHaveAttribute('aria-pressed', 'true');
    const feedback = screen.getByRole('region', { name: 'Correct!' });
    expect(within(feedback).getByText('こんにちは')).toHaveAttribute('lang', 'ja');
    expect(within(feedback).getByText('(konnichiwa)')).toHaveAttribute('dir', 'ltr');
    expect(within(feedback).getByText('hello')).toHaveAttribute('dir', 'auto');
    await person.keyboard('3');
    expect(server.answers).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();

    // Enter moves on; the next question's text takes the focus. A wrong answer shows the right word.
    await person.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'What does “ありがとう” mean?' })).toHaveFocus();
    expect(screen.getByText('Word 2 of 2')).toBeInTheDocument();
    await person.keyboard('1');
    expect(await screen.findByRole('heading', { name: 'Not quite.' })).toBeInTheDocument();
    const wrong = screen.getByRole('region', { name: 'Not quite.' });
    expect(within(wrong).getByText('ありがとう')).toBeInTheDocument();
    expect(within(wrong).getByText('(arigatō)')).toBeInTheDocument();
    expect(within(wrong).getByText('thank you')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'goodbye' })).toHaveAttribute('aria-pressed', 'true');

    // Finish: the summary with the XP the server paid, once.
    expect(screen.getByRole('button', { name: 'Finish' })).toHaveFocus();
    await person.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Review complete!' })).toHaveFocus();
    expect(server.completes).toBe(1);
    expect(screen.getByText('+20 XP')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 words remembered')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    // Nothing more is due: no "Review more".
    expect(screen.queryByRole('button', { name: 'Review more' })).not.toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Review complete!' });
    await person.click(within(summary).getByRole('link', { name: 'Back to dashboard' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('offers another round from the summary when more words are due', async () => {
    const person = userEvent.setup();
    server.due = 12;
    const original = fakeServer;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = original(String(input), init);
        // Ten words a round: two stay due after this one.
        if (String(input).endsWith('/complete')) server.due = 2;
        return response;
      }),
    );
    await renderReview();
    for (const digit of ['2', '3']) {
      await screen.findByText(digit === '2' ? 'Word 1 of 2' : 'Word 2 of 2');
      await person.keyboard(digit);
      await screen.findByRole('heading', { name: 'Correct!' });
      await person.keyboard('{Enter}');
    }
    expect(await screen.findByRole('heading', { name: 'Review complete!' })).toBeInTheDocument();
    expect(await screen.findByText('2 more words are due.')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Review more' }));
    expect(await screen.findByRole('heading', { name: 'How do you say “hello” in Japanese?' })).toBeInTheDocument();
    expect(server.starts).toBe(2);
  });

  it('says when the next word is due when nothing is due now, without starting a round', async () => {
    server.due = 0;
    server.nextDue = new Date(Date.now() + 2 * 3_600_000 + 60_000).toISOString();
    await renderReview();
    expect(await screen.findByRole('heading', { name: 'Nothing to review right now' })).toHaveFocus();
    expect(screen.getByText(/Next word due in 2 hours\./)).toBeInTheDocument();
    expect(screen.getByText('Every word you have learned is still fresh in your memory.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the course map' })).toHaveAttribute('href', '/app/learn');
    expect(server.starts).toBe(0);
  });

  it('reviews a finished lesson’s words from its Review button (?lesson=), even with nothing due', async () => {
    server.due = 0;
    await renderReview('/app/review?lesson=greetings-1');
    expect(await screen.findByText('Word 1 of 2')).toBeInTheDocument();
    expect(server.lessons).toEqual(['greetings-1']);
  });

  it('explains how the deck fills when the learner has no words yet', async () => {
    server.due = 0;
    await renderReview();
    expect(await screen.findByRole('heading', { name: 'Nothing to review right now' })).toBeInTheDocument();
    expect(screen.getByText(/Finish a lesson and its words will come back here/)).toBeInTheDocument();
    expect(screen.queryByText(/Next word due/)).not.toBeInTheDocument();
  });

  it('offers to try again when the deck cannot be loaded, and starts the round once it can', async () => {
    const person = userEvent.setup();
    server.failDue = true;
    await renderReview();
    const alert = await screen.findByRole('alert', {}, { timeout: 4_000 });
    expect(alert).toHaveTextContent("We couldn't load the words you have to review.");
    server.failDue = false;
    await person.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'How do you say “hello” in Japanese?' })).toBeInTheDocument();
  });

  it('offers to try again when the round cannot start', async () => {
    const person = userEvent.setup();
    server.failStart = true;
    await renderReview();
    const alert = await screen.findByRole('alert', {}, { timeout: 4_000 });
    expect(alert).toHaveTextContent("We couldn't start your review.");
    server.failStart = false;
    await person.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'How do you say “hello” in Japanese?' })).toBeInTheDocument();
  });

  it('shows the empty state when the words were reviewed elsewhere meanwhile (the start finds nothing due)', async () => {
    server.due = 1;
    server.nextDue = null;
    const original = fakeServer;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/review/start')) {
          server.due = 0;
          server.nextDue = new Date(Date.now() + 5 * 60_000).toISOString();
        }
        return original(String(input), init);
      }),
    );
    await renderReview();
    expect(await screen.findByRole('heading', { name: 'Nothing to review right now' })).toBeInTheDocument();
    expect(screen.getByText(/Next word due in 5 minutes\./)).toBeInTheDocument();
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it('names the largest whole unit in the interface language', () => {
    expect(relativeTime(new Date('2026-11-24T10:00:20Z'), now, 'en')).toBe('in 1 minute');
    expect(relativeTime(new Date('2026-11-24T10:09:40Z'), now, 'en')).toBe('in 10 minutes');
    expect(relativeTime(new Date('2026-11-25T10:00:00Z'), now, 'en')).toBe('tomorrow');
    expect(relativeTime(new Date('2026-11-27T10:00:00Z'), now, 'es')).toBe('dentro de 3 días');
  });
});
