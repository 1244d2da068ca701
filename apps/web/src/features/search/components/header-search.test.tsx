import type { SearchResult } from '@parla/shared/search.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { HeaderSearch } from './header-search';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PERSON_ID = '7d2e9a4b-1c3f-4e5a-8b6c-9d0e1f2a3b4c';

const lesson: SearchResult = {
  id: 'greetings-1',
  title: 'Hello!',
  description: 'Say hello',
  type: 'lesson',
  difficulty: 'beginner',
  lesson_id: 'greetings-1',
};
const word: SearchResult = {
  id: 'w-hola',
  title: 'hola',
  description: 'hello',
  type: 'vocabulary',
  difficulty: 'beginner',
  lesson_id: 'greetings-1',
  language: 'es',
};
const person: SearchResult = {
  id: PERSON_ID,
  title: 'Helena Costa',
  description: 'Spanish',
  type: 'friend',
  difficulty: 'intermediate',
  language: 'es',
  is_following: true,
};

/** GET /search as the server answers it: `answer(q)` gives the results (or a status to fail with). */
function serve(answer: (q: string) => SearchResult[] | number) {
  const queries: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/users/me') return json(200, { user: testUser, profile: testProfile() });
    if (url.pathname === '/api/v1/search') {
      const q = url.searchParams.get('q') ?? '';
      queries.push(q);
      const results = answer(q);
      if (typeof results === 'number') return json(results, { detail: 'Search is down.', code: 'unavailable' });
      return json(200, { results });
    }
    return json(404, { detail: 'Not found.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { queries };
}

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

async function renderSearch() {
  const queryClient = createTestQueryClient({ me: { user: testUser, profile: testProfile() } });
  await renderWithApp(
    <SignedIn queryClient={queryClient}>
      <HeaderSearch />
      <Address />
    </SignedIn>,
    { route: '/app' },
  );
  // The header's box (the phone's sheet has its own, once opened).
  return within(screen.getAllByRole('search')[0] as HTMLElement);
}

const matching = (q: string) =>
  [lesson, word, person].filter((result) => `${result.title} ${result.description}`.toLowerCase().includes(q.toLowerCase()));

describe('HeaderSearch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing below 2 characters (trimmed), and hints why', async () => {
    const { queries } = serve(matching);
    const person = userEvent.setup();
    const box = await renderSearch();
    await person.type(box.getByRole('searchbox', { name: 'Search' }), ' h ');
    expect(box.getByText('Type at least 2 characters to search lessons, words and people.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(queries).toEqual([]);
  });

  it('lists the results with their type badges and difficulty, and announces how many', async () => {
    const { queries } = serve(matching);
    const user = userEvent.setup();
    const box = await renderSearch();
    await user.type(box.getByRole('searchbox', { name: 'Search' }), 'hel');
    const list = await box.findByRole('list', { name: 'Search results' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/^Lesson\s*Beginner\s*Hello!\s*Say hello$/);
    expect(rows[1]).toHaveTextContent(/^Word\s*Beginner\s*hola\s*hello\s*Open lesson$/);
    expect(rows[2]).toHaveTextContent(/^Person\s*Intermediate\s*Helena Costa\s*Following\s*Learning Spanish$/);
    expect(box.getByRole('status')).toHaveTextContent('3 results');
    // Typed quickly: one request, for the whole text.
    expect(queries).toEqual(['hel']);
  });

  it('says when nothing matches', async () => {
    serve(() => []);
    const user = userEvent.setup();
    const box = await renderSearch();
    await user.type(box.getByRole('searchbox', { name: 'Search' }), 'zzz');
    await waitFor(() => expect(box.getByRole('status')).toHaveTextContent('No results for “zzz”'));
    // Said once in the live region, and shown in the list's place.
    expect(box.getAllByText('No results for “zzz”')).toHaveLength(2);
    expect(box.queryByRole('list')).not.toBeInTheDocument();
  });

  it('moves through the results with the arrow keys; Escape closes the list and returns to the box', async () => {
    serve(matching);
    const user = userEvent.setup();
    const box = await renderSearch();
    const input = box.getByRole('searchbox', { name: 'Search' });
    await user.type(input, 'hel');
    await box.findByRole('list', { name: 'Search results' });
    const lessonLink = box.getByRole('link', { name: /Hello!/ });
    const openLesson = box.getByRole('link', { name: 'Open lesson' });
    const personLink = box.getByRole('link', { name: /Helena Costa/ });

    await user.keyboard('{ArrowDown}');
    expect(lessonLink).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(openLesson).toHaveFocus();
    expect(openLesson).toHaveAccessibleDescription('hola');
    await user.keyboard('{ArrowDown}');
    expect(personLink).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(personLink).toHaveFocus();
    await user.keyboard('{Home}');
    expect(lessonLink).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveFocus();

    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(input).toHaveFocus();
    expect(box.queryByRole('list')).not.toBeInTheDocument();
    expect(input).toHaveValue('hel');
  });

  it('a lesson result starts the lesson (Enter goes to the first result, Enter follows it)', async () => {
    serve(matching);
    const user = userEvent.setup();
    const box = await renderSearch();
    await user.type(box.getByRole('searchbox', { name: 'Search' }), 'say hello');
    await box.findByRole('link', { name: /Hello!/ });
    await user.keyboard('{Enter}');
    expect(box.getByRole('link', { name: /Hello!/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/app/lesson/greetings-1');
  });

  it('a person result opens their card on the friends screen', async () => {
    serve(matching);
    const user = userEvent.setup();
    const box = await renderSearch();
    await user.type(box.getByRole('searchbox', { name: 'Search' }), 'helena');
    await user.click(await box.findByRole('link', { name: /Helena Costa/ }));
    expect(screen.getByTestId('address')).toHaveTextContent(`/app/friends?learner=${PERSON_ID}`);
  });

  it('a word result plays the word in its language and opens its lesson', async () => {
    const spoken: { text: string; lang: string }[] = [];
    const synthesis = Object.assign(new EventTarget(), {
      speaking: false,
      getVoices: () => [{ name: 'Mónica', lang: 'es-ES', localService: true, default: true, voiceURI: 'Mónica' }],
      speak(utterance: { text: string; lang: string; onend: (() => void) | null }) {
        spoken.push({ text: utterance.text, lang: utterance.lang });
        queueMicrotask(() => utterance.onend?.());
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
    serve(() => [{ ...word, title: 'こんにちは', roman: 'konnichiwa', language: 'ja' }]);
    const user = userEvent.setup();
    const box = await renderSearch();
    await user.type(box.getByRole('searchbox', { name: 'Search' }), 'hello');
    const listen = await box.findByRole('button', { name: 'Listen to “こんにちは”' });
    expect(box.getByText('konnichiwa')).toBeInTheDocument();
    await user.click(listen);
    await waitFor(() => expect(spoken).toEqual([{ text: 'こんにちは', lang: 'ja-JP' }]));
    await user.click(box.getByRole('link', { name: 'Open lesson' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/app/lesson/greetings-1');
  });

  it('says when the search failed and tries again on Retry', async () => {
    let down = true;
    const { queries } = serve((q) => (down ? 500 : matching(q)));
    const user = userEvent.setup();
    const box = await renderSearch();
    await user.type(box.getByRole('searchbox', { name: 'Search' }), 'hello');
    const alert = await box.findByRole('alert', {}, { timeout: 4_000 });
    expect(alert).toHaveTextContent('The search didn’t work just now.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await box.findByRole('link', { name: /Hello!/ })).toBeInTheDocument();
    expect(box.queryByRole('alert')).not.toBeInTheDocument();
    expect(queries.at(-1)).toBe('hello');
  });

  it('on a phone, the search button opens a sheet with its own box; Escape closes it and returns to the button', async () => {
    serve(matching);
    const user = userEvent.setup();
    await renderSearch();
    const button = screen.getByRole('button', { name: 'Search lessons, words and people' });
    await user.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Search' });
    const input = within(sheet).getByRole('searchbox', { name: 'Search' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'hola');
    expect(await within(sheet).findByText('hello')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});
