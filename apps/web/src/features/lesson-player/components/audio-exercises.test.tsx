import { checkSpeech, checkWordOrder } from '@parla/shared/answers';
import type { AnswerExerciseResponse, Exercise, StartLessonResponse } from '@parla/shared/lessons.schema';
import { accuracyPercent, lessonBadge, lessonXp } from '@parla/shared/scoring';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LessonRoute from '@/app/routes/account/lesson';
import { Route, Routes } from '@/lib/router';
import { greetingsLesson, testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { AUDIO_PAUSE_MS, AUDIO_PAUSE_STORAGE_KEYS, audioPausedUntil } from '../use-audio-pause';

const SESSION_ID = '5f0c7b8e-8a4e-4d53-9c39-0b1d6c1f2a10';
const base = {
  instruction_language: 'en' as const,
  xp_reward: 40,
  metadata: { target_language: 'es' as const, native_language: 'en' as const, skill_type: 'listening' },
};
const listening = (id: string): Exercise => ({
  ...base,
  id,
  type: 'listening',
  instruction: 'Listen and put the words in the order you hear them',
  content: { words: ['llamo', 'Ana', 'Me'], speech_text: 'Me llamo Ana.' },
});
const choice: Exercise = {
  ...base,
  id: 'mc1',
  type: 'multiple-choice',
  instruction: 'Choose the correct translation',
  content: {
    prompt: 'How do you say “hello”?',
    options: [
      { id: 'a', text: 'hola' },
      { id: 'b', text: 'adiós' },
    ],
  },
};
const speaking: Exercise = {
  ...base,
  id: 'sp1',
  type: 'speaking',
  instruction: 'Say this sentence out loud',
  content: { sentence: 'Buenos días.', translation: 'Good morning.' },
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The lessons API as the server answers it, for listening, speaking, one choice and skips. */
function fakeServer(exercises: Exercise[]) {
  const results = new Map<string, AnswerExerciseResponse>();
  const calls: { url: string; body: { session_id?: string; answer?: unknown; reason?: string } | undefined }[] = [];
  const explanation = { text: 'An explanation.', language: 'en' };
  const handler = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    if (url.endsWith('/lessons/greetings-1/start')) {
      const session: StartLessonResponse = {
        session_id: SESSION_ID,
        lesson: greetingsLesson,
        exercises,
        answered: [],
        results: [],
        resumed: false,
      };
      return json(200, session);
    }
    const action = url.match(/\/exercises\/(\w+)\/(complete|skip)$/);
    if (action?.[1]) {
      const id = action[1];
      const stored = results.get(id);
      if (stored) return json(200, stored);
      let result: AnswerExerciseResponse;
      if (action[2] === 'skip') {
        result = {
          exercise_id: id,
          correct: false,
          verdict: 'skipped',
          skipped: body.reason,
          expected: id === 'sp1' ? 'Buenos días.' : 'Me llamo Ana',
          explanation,
        };
      } else if (id === 'mc1') {
        result = {
          exercise_id: id,
          correct: body.answer === 'a',
          verdict: body.answer === 'a' ? 'exact' : 'wrong',
          expected: 'hola',
          expected_option_id: 'a',
          explanation,
        };
      } else if (id === 'sp1') {
        const check = checkSpeech(body.answer, 'Buenos días.', [], 'es');
        result = { exercise_id: id, ...check, explanation };
      } else {
        const correct = checkWordOrder(body.answer, ['Me', 'llamo', 'Ana'], 'es');
        result = { exercise_id: id, correct, verdict: correct ? 'exact' : 'wrong', expected: 'Me llamo Ana', explanation };
      }
      results.set(id, result);
      return json(200, result);
    }
    if (url.endsWith('/lessons/greetings-1/complete')) {
      const all = [...results.values()];
      const skipped = all.filter((result) => result.skipped).length;
      const correct = all.filter((result) => result.correct).length;
      const score = accuracyPercent(correct, exercises.length - skipped);
      return json(200, {
        session_id: SESSION_ID,
        lesson_id: 'greetings-1',
        correct,
        total: exercises.length - skipped,
        skipped,
        score,
        xp_earned: lessonXp(score),
        badge: lessonBadge(score),
        total_xp: 100,
        level: 2,
        xp_to_next_level: 50,
        current_streak: 1,
        lessons_completed: 1,
        daily_goal_percent: 50,
        achievements_earned: [],
      });
    }
    return json(404, { detail: 'not here', code: 'not_found' });
  };
  const skips = () => calls.filter((call) => call.url.endsWith('/skip'));
  const completions = () => calls.filter((call) => call.url === '/api/v1/lessons/greetings-1/complete');
  const lastAnswer = () => calls.filter((call) => call.url.includes('/exercises/')).at(-1);
  return { handler, calls, skips, completions, lastAnswer };
}

const me = { user: testUser, profile: testProfile({ total_xp: 90, current_streak: 0, lessons_completed: 0 }) };

function renderLesson(exercises: Exercise[]) {
  const server = fakeServer(exercises);
  vi.stubGlobal('fetch', vi.fn(server.handler));
  void renderWithApp(
    <SignedIn queryClient={createTestQueryClient({ me })}>
      <Routes>
        <Route path="/app/lesson/:id" element={<LessonRoute />} />
        <Route path="/app" element={<h1>Dashboard</h1>} />
      </Routes>
    </SignedIn>,
    { route: '/app/lesson/greetings-1' },
  );
  return server;
}

/** A browser that can speak (jsdom cannot): enough for the listening exercise to be offered. */
function withSpeechSynthesis(outcome: 'end' | 'synthesis-failed' = 'end') {
  const synthesis = Object.assign(new EventTarget(), {
    speaking: false,
    spoken: [] as string[],
    getVoices: () => [{ name: 'Mónica', lang: 'es-ES', localService: true, default: true, voiceURI: 'Mónica' }],
    speak(utterance: { text: string; onend: (() => void) | null; onerror: ((event: { error: string }) => void) | null }) {
      synthesis.spoken.push(utterance.text);
      queueMicrotask(() => (outcome === 'end' ? utterance.onend?.() : utterance.onerror?.({ error: outcome })));
    },
    cancel() {},
  });
  class Utterance {
    lang = '';
    rate = 1;
    pitch = 1;
    volume = 1;
    voice = null;
    onstart = null;
    onend = null;
    onerror = null;
    constructor(readonly text: string) {}
  }
  vi.stubGlobal('speechSynthesis', synthesis);
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  return synthesis;
}

describe('listening and speaking in a lesson', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('plays a listening item without ever showing its sentence, and checks the words in the order heard', async () => {
    const synthesis = withSpeechSynthesis();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = renderLesson([listening('ls1')]);
    expect(
      await screen.findByRole('heading', { name: 'Listen and put the words in the order you hear them' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Me llamo Ana/)).not.toBeInTheDocument();

    // The big button has the focus; Enter plays the sentence.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(synthesis.spoken).toEqual(['Me llamo Ana.']));

    for (const word of ['Me', 'llamo', 'Ana']) await user.click(screen.getByRole('button', { name: word }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: 'Correct!' })).toBeInTheDocument();
    expect(server.lastAnswer()?.body).toEqual({ session_id: SESSION_ID, answer: ['Me', 'llamo', 'Ana'] });
  });

  it('says so when the browser cannot play the sentence, pointing to “Can’t listen now”', async () => {
    const synthesis = withSpeechSynthesis('synthesis-failed');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderLesson([listening('ls1')]);
    await user.click(await screen.findByRole('button', { name: 'Play' }));
    expect(
      await screen.findByText("We couldn't play the sentence. Try again, or turn on “Can't listen now”."),
    ).toBeInTheDocument();
    // Spec §4: once with the chosen voice, once more with the default one.
    expect(synthesis.spoken).toEqual(['Me llamo Ana.', 'Me llamo Ana.']);
  });

  it('“Can’t listen now” skips this and later listening items for an hour, and says so', async () => {
    withSpeechSynthesis();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = renderLesson([listening('ls1'), choice, listening('ls2')]);
    await screen.findByRole('heading', { name: 'Listen and put the words in the order you hear them' });

    await user.click(screen.getByRole('switch', { name: "Can't listen now" }));
    expect(await screen.findByRole('heading', { name: 'Choose the correct translation' })).toBeInTheDocument();
    expect(server.skips()).toEqual([
      { url: '/api/v1/lessons/greetings-1/exercises/ls1/skip', body: { session_id: SESSION_ID, reason: 'cant_listen' } },
    ]);
    expect(Number(window.localStorage.getItem(AUDIO_PAUSE_STORAGE_KEYS.listening))).toBe(Date.now() + AUDIO_PAUSE_MS);
    expect(screen.getByText(/Exercise skipped/)).toBeInTheDocument();
    expect(screen.getByText(/Listening exercises are skipped until/)).toBeInTheDocument();

    // The next listening item goes by itself; the summary counts only the one answered.
    await user.keyboard('1');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Lesson complete!' })).toBeInTheDocument();
    expect(server.skips().map((call) => call.body)).toEqual([
      { session_id: SESSION_ID, reason: 'cant_listen' },
      { session_id: SESSION_ID, reason: 'cant_listen' },
    ]);
    expect(await screen.findByText('1/1')).toBeInTheDocument();
    // The skip of the last item is its verdict: the lesson is recorded with it.
    expect(server.completions().map((call) => call.body)).toEqual([{ session_id: SESSION_ID }]);
    expect(screen.getByText('Skipped (not counted): 2')).toBeInTheDocument();
  });

  it('keeps the switch on for an hour: a listening item within it is skipped at once', async () => {
    withSpeechSynthesis();
    const start = Date.now();
    window.localStorage.setItem(AUDIO_PAUSE_STORAGE_KEYS.listening, String(start + AUDIO_PAUSE_MS));
    expect(audioPausedUntil('listening', start + AUDIO_PAUSE_MS - 1)).toBe(start + AUDIO_PAUSE_MS);
    expect(audioPausedUntil('listening', start + AUDIO_PAUSE_MS)).toBeUndefined();
    expect(window.localStorage.getItem(AUDIO_PAUSE_STORAGE_KEYS.listening)).toBeNull();

    // Switched on a minute ago: the listening item is skipped at once.
    window.localStorage.setItem(AUDIO_PAUSE_STORAGE_KEYS.listening, String(start + AUDIO_PAUSE_MS - 60_000));
    const paused = renderLesson([listening('ls1'), choice]);
    expect(await screen.findByRole('heading', { name: 'Choose the correct translation' })).toBeInTheDocument();
    expect(paused.skips()).toHaveLength(1);
  });

  it('offers listening again once the hour is over', async () => {
    withSpeechSynthesis();
    window.localStorage.setItem(AUDIO_PAUSE_STORAGE_KEYS.listening, String(Date.now() - 1));
    const server = renderLesson([listening('ls1'), choice]);
    expect(
      await screen.findByRole('heading', { name: 'Listen and put the words in the order you hear them' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: "Can't listen now" })).not.toBeChecked();
    expect(server.skips()).toEqual([]);
  });

  it('skips listening items as unsupported where the browser cannot speak', async () => {
    const server = renderLesson([listening('ls1'), choice]);
    expect(await screen.findByRole('heading', { name: 'Choose the correct translation' })).toBeInTheDocument();
    expect(server.skips().map((call) => call.body?.reason)).toEqual(['unsupported']);
  });

  it('sends the recogniser’s transcripts for a speaking item; the server’s verdict shows', async () => {
    let recogniser: { onresult: ((event: unknown) => void) | null; onend: (() => void) | null; lang: string } | undefined;
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class {
        lang = '';
        maxAlternatives = 1;
        interimResults = true;
        continuous = true;
        onresult = null;
        onerror = null;
        onnomatch = null;
        onend = null;
        start() {
          recogniser = this;
        }
        stop() {}
        abort() {}
      },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = renderLesson([speaking, choice]);
    await screen.findByRole('heading', { name: 'Say this sentence out loud' });
    await user.keyboard('{Enter}');
    expect(recogniser?.lang).toBe('es-ES');
    const alternatives = [
      { transcript: 'buenos diaz', confidence: 0.9 },
      { transcript: 'buenas dias', confidence: 0.5 },
    ];
    recogniser?.onresult?.({ results: [alternatives] });
    recogniser?.onend?.();
    expect(await screen.findByRole('heading', { name: 'Correct!' })).toBeInTheDocument();
    expect(screen.getByText(/Close enough!/)).toHaveTextContent('Close enough! The sentence is Buenos días.');
    expect(server.calls.at(-1)).toEqual({
      url: '/api/v1/lessons/greetings-1/exercises/sp1/complete',
      body: { session_id: SESSION_ID, answer: ['buenos diaz', 'buenas dias'] },
    });
  });

  it('skips a speaking item as unsupported where the browser cannot recognise speech', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = renderLesson([speaking, choice]);
    expect(await screen.findByRole('heading', { name: 'Say this sentence out loud' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: "Can't speak now" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Skip' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Choose the correct translation' })).toBeInTheDocument();
    expect(server.skips().map((call) => call.body)).toEqual([{ session_id: SESSION_ID, reason: 'unsupported' }]);
  });
});
