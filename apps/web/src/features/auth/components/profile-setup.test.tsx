import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { ProfileSetup } from './profile-setup';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const course = (code: string, name: string) => ({
  code,
  name,
  native_name: name,
  flag: '🏳️',
  difficulty: 'Easy',
  popularity: 'Popular',
  speakers: '100M',
  description: `All about ${name}.`,
  tts_locale: `${code}-XX`,
});

/** A Spanish speaker who has just signed up; the courses come from GET /languages. */
function renderSetup(languages: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      return url.includes('/languages?lang=en') ? languages(url) : json(404, { detail: 'not here', code: 'not_found' });
    }),
  );
  const me = { user: testUser, profile: testProfile({ native_language: 'es', profile_completed: false }) };
  return renderWithApp(
    <SignedIn queryClient={createTestQueryClient({ me })}>
      <Routes>
        <Route path="/setup" element={<ProfileSetup />} />
      </Routes>
    </SignedIn>,
    { route: '/setup' },
  );
}

describe('ProfileSetup', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the native language given at sign-up and offers every other course', async () => {
    const user = userEvent.setup();
    await renderSetup(() =>
      json(200, { languages: [course('es', 'Spanish'), course('fr', 'French'), course('ja', 'Japanese')] }),
    );
    expect(await screen.findByRole('heading', { name: 'What is your native language?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Español/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Which language do you want to learn?' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      expect.stringContaining('French'),
      expect.stringContaining('Japanese'),
    ]);
  });

  it('says so when the courses cannot be loaded', async () => {
    await renderSetup(() => json(503, { detail: 'The database is not answering.', code: 'database_unavailable' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'We could not load the courses. Please reload the page.',
    );
  });
});
