import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { useMe } from '@/lib/auth/get-me';
import { Route, Routes } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { LanguageSelection } from './language-selection';

const user = testUser;
const profile = testProfile({ total_xp: 100, current_streak: 2, lessons_completed: 2 });
const course = (code: string, name: string, nativeName: string, flag: string, difficulty: string, popularity: string) => ({
  code,
  name,
  native_name: nativeName,
  flag,
  difficulty,
  popularity,
  speakers: '100M',
  description: `All about ${name}.`,
  tts_locale: `${code}-XX`,
});
const languages = [
  course('es', 'Spanish', 'Español', '🇪🇸', 'Easy', 'Most Popular'),
  course('ja', 'Japanese', '日本語', '🇯🇵', 'Hard', 'Very Popular'),
  course('ko', 'Korean', '한국어', '🇰🇷', 'Hard', 'Trending'),
  course('it', 'Italian', 'Italiano', '🇮🇹', 'Easy', 'Popular'),
  course('nl', 'Dutch', 'Nederlands', '🇳🇱', 'Medium', 'Moderate'),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let saved: unknown[] = [];
let stored = profile;

function fakeServer(url: string, init?: RequestInit) {
  if (url.endsWith('/auth/refresh'))
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user });
  if (url.endsWith('/users/me')) return json(200, { user, profile: stored });
  if (url.endsWith('/languages?lang=en')) return json(200, { languages });
  if (url.endsWith('/users/me/profile') && init?.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as { target_language: string };
    saved.push(body);
    stored = { ...stored, ...body } as typeof profile;
    return json(200, stored);
  }
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

function CourseShown() {
  return <p>Dashboard for {useMe().data?.profile.target_language}</p>;
}

function renderSelection() {
  const queryClient = createTestQueryClient();
  return renderWithApp(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Routes>
          <Route path="/app/languages" element={<LanguageSelection />} />
          <Route path="/app" element={<CourseShown />} />
        </Routes>
      </AuthProvider>
    </QueryClientProvider>,
    { route: '/app/languages' },
  );
}

const names = () => screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);

describe('LanguageSelection', () => {
  beforeEach(() => {
    saved = [];
    stored = profile;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeServer(String(input), init)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('filters by easy and popular, and marks the current course', async () => {
    const person = userEvent.setup();
    await renderSelection();
    const spanish = await screen.findByRole('radio', { name: /^Spanish/ });
    expect(spanish).toBeChecked();
    expect(spanish.closest('label')).toHaveTextContent('Currently learning');
    expect(screen.getByRole('radio', { name: /^Japanese/ }).closest('label')).toHaveTextContent('Hard');
    expect(screen.getByRole('radio', { name: /^Japanese/ }).closest('label')).toHaveTextContent('Very popular');
    expect(screen.getByRole('radio', { name: /^Japanese/ }).closest('label')).toHaveTextContent('100M speakers');
    expect(names()).toEqual(['es', 'ja', 'ko', 'it', 'nl']);

    await person.click(screen.getByRole('button', { name: 'Easy for beginners' }));
    expect(screen.getByRole('button', { name: 'Easy for beginners' })).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(['es', 'it']);
    await person.click(screen.getByRole('button', { name: 'Most popular' }));
    expect(names()).toEqual(['es', 'ja', 'it']);
    await person.click(screen.getByRole('button', { name: 'All' }));
    expect(names()).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Tip' })).toBeInTheDocument();
  });

  it('shows Confirm only for a different course, then saves it and returns to the dashboard', async () => {
    const person = userEvent.setup();
    await renderSelection();
    await person.click(await screen.findByRole('radio', { name: /^Japanese/ }));
    expect(screen.getByText('Switch to Japanese?')).toBeInTheDocument();
    await person.click(screen.getByRole('radio', { name: /^Spanish/ }));
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(saved).toEqual([]);

    await person.click(screen.getByRole('radio', { name: /^Japanese/ }));
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Dashboard for ja')).toBeInTheDocument();
    expect(saved).toEqual([{ target_language: 'ja' }]);
  });
});
