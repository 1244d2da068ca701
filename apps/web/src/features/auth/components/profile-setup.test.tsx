import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FollowProfileLanguage } from '@/lib/auth/interface-language';
import { useI18n } from '@/lib/i18n/language-context';
import { Route, Routes } from '@/lib/router';
import { storageKeys } from '@/lib/storage';
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

  describe('the interface language (issue 14: one language per screen)', () => {
    /** Setup from sign-up to the dashboard, the server answering the profile's update as it would. */
    async function completeSetup(nativeName: RegExp) {
      const updates: Record<string, unknown>[] = [];
      const profile = testProfile({ native_language: 'en', interface_language: null, profile_completed: false });
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = String(input);
          if (url.includes('/languages?lang='))
            return json(200, { languages: [course('es', 'Spanish'), course('fr', 'French'), course('ja', 'Japanese')] });
          if (url.endsWith('/users/me/profile') && init?.method === 'PUT') {
            const body = JSON.parse(String(init.body)) as Record<string, unknown>;
            updates.push(body);
            return json(200, { ...profile, ...body });
          }
          return json(404, { detail: 'not here', code: 'not_found' });
        }),
      );
      const user = userEvent.setup();
      await renderWithApp(
        <SignedIn queryClient={createTestQueryClient({ me: { user: testUser, profile } })}>
          <FollowProfileLanguage />
          <Routes>
            <Route path="/setup" element={<ProfileSetup />} />
            <Route path="/app" element={<Dashboard />} />
          </Routes>
        </SignedIn>,
        { route: '/setup' },
      );
      await user.click(await screen.findByRole('radio', { name: nativeName }));
      await user.click(screen.getByRole('button', { name: /^(Continue|Continuar)$/ }));
      await user.click(await screen.findByRole('radio', { name: /Japanese/ }));
      await user.click(screen.getByRole('button', { name: /^(Continue|Continuar)$/ }));
      await user.click(screen.getAllByRole('radio')[0] as HTMLElement);
      await user.click(screen.getByRole('button', { name: /^(Continue|Continuar)$/ }));
      await user.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
      await user.click(screen.getByRole('button', { name: /^(Complete setup|Terminar configuración)$/ }));
      return updates;
    }
    /** A screen after setup, in whatever language the interface speaks. */
    function Dashboard() {
      const { t, language } = useI18n();
      return <p data-testid="after">{`${language}: ${t('setup.continue')}`}</p>;
    }

    it('makes the native language picked in setup the interface language, saved in the profile', async () => {
      Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
      const updates = await completeSetup(/Français/);
      expect(updates).toEqual([expect.objectContaining({ native_language: 'fr', interface_language: 'fr' })]);
      await waitFor(() => expect(screen.getByTestId('after')).toHaveTextContent('fr: Continuer'));
      expect(document.documentElement.lang).toBe('fr');
    });

    it('keeps the language a visitor chose by hand, and saves that one', async () => {
      Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
      localStorage.setItem(storageKeys.manualInterfaceLanguage, 'es');
      const updates = await completeSetup(/Français/);
      expect(updates).toEqual([expect.objectContaining({ native_language: 'fr', interface_language: 'es' })]);
      expect(await screen.findByTestId('after')).toHaveTextContent('es: Continuar');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.getByTestId('after')).toHaveTextContent('es: Continuar');
    });
  });
});
