import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { LanguageSelect } from '@/components/ui/language-select';
import { LOADING_TRANSLATIONS_TEXT } from '@/components/ui/loading-screen';
import { storageKeys } from '@/lib/storage';
import { renderWithApp } from '@/testing/render';
import { useI18n, useStringGroup } from './language-context';

function Probe({ textKey }: { textKey: string }) {
  const { t, language, changeLanguage } = useI18n();
  return (
    <div>
      <p data-testid="language">{language}</p>
      <p data-testid="text">{t(textKey)}</p>
      <button type="button" onClick={() => changeLanguage('nl').catch((error: Error) => (document.title = error.message))}>
        bad
      </button>
    </div>
  );
}

describe('LanguageProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the loading screen, then English by default', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['nl-NL'], configurable: true });
    const { container } = await (async () => {
      const promise = renderWithApp(<Probe textKey="landing.nav.signIn" />);
      expect(screen.getByText(LOADING_TRANSLATIONS_TEXT)).toBeInTheDocument();
      return promise;
    })();
    expect(container).toBeTruthy();
    expect(screen.getByTestId('text')).toHaveTextContent('Sign In');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('falls back to the key itself, with a console warning, for a missing key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderWithApp(<Probe textKey="no.such.key" />);
    expect(screen.getByTestId('text')).toHaveTextContent('no.such.key');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Missing translation "no.such.key"'));
  });

  it('raises "Unsupported language" for a code outside the 16', async () => {
    await renderWithApp(<Probe textKey="landing.nav.signIn" />);
    await userEvent.click(screen.getByRole('button', { name: 'bad' }));
    await waitFor(() => expect(document.title).toBe('Unsupported language'));
  });

  it('offers the 16 languages by flag and native name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithApp(<LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'Interface language' });
    expect(screen.getAllByRole('option')).toHaveLength(16);
    expect(screen.getByRole('option', { name: '🇸🇦 العربية' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'en');
    expect(select).toHaveValue('en');
  });

  it('throws when the hook is used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe textKey="x" />)).toThrow('useI18n must be used within a LanguageProvider');
  });

  it('loads a later string group when a screen asks for it, and flags a screen that did not ask', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['en-GB'], configurable: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    function LegalScreen() {
      useStringGroup('legal');
      return <p>{useI18n().t('legal.back')}</p>;
    }
    function CarelessScreen() {
      return <p>{useI18n().t('dashboard.retry')}</p>;
    }
    render(
      <AppProviders>
        <Suspense fallback={<p>waiting for strings</p>}>
          <LegalScreen />
        </Suspense>
        <CarelessScreen />
      </AppProviders>,
    );
    expect(await screen.findByText('Back')).toBeInTheDocument();
    expect(screen.getByText('dashboard.retry')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"dashboard.retry" is in the "app" strings'));
  });

  describe('the signed-in learner’s profile language (spec §4, issue 14)', () => {
    /** Stands for the session: reports the profile's language as lib/auth does once it has loaded. */
    function Session({ first }: { first: string | null }) {
      const { followProfileLanguage } = useI18n();
      const [code, setCode] = useState(first);
      useEffect(() => followProfileLanguage(code), [code, followProfileLanguage]);
      return (
        <>
          {['fr', 'ar', null].map((next) => (
            <button key={String(next)} type="button" onClick={() => setCode(next)}>
              {`profile ${next}`}
            </button>
          ))}
          <Probe textKey="landing.nav.signIn" />
        </>
      );
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

    it('switches the whole interface to the profile’s language when it arrives', async () => {
      Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
      await renderWithApp(<Session first={null} />);
      expect(screen.getByTestId('text')).toHaveTextContent('Sign In');
      await userEvent.click(screen.getByRole('button', { name: 'profile fr' }));
      await waitFor(() => expect(screen.getByTestId('language')).toHaveTextContent('fr'));
      expect(screen.getByTestId('text')).toHaveTextContent('Se connecter');
      expect(document.documentElement.lang).toBe('fr');
      // Not a manual choice: the next visit starts in it, and a profile may still change it.
      expect(localStorage.getItem(storageKeys.interfaceLanguage)).toBe('fr');
      expect(localStorage.getItem(storageKeys.manualInterfaceLanguage)).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'profile ar' }));
      await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
      expect(screen.getByTestId('language')).toHaveTextContent('ar');
    });

    it('leaves a language the visitor chose by hand on this device', async () => {
      Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
      localStorage.setItem(storageKeys.manualInterfaceLanguage, 'es');
      await renderWithApp(<Session first={null} />);
      expect(screen.getByTestId('language')).toHaveTextContent('es');
      await userEvent.click(screen.getByRole('button', { name: 'profile fr' }));
      await settle();
      expect(screen.getByTestId('language')).toHaveTextContent('es');
      expect(screen.getByTestId('text')).toHaveTextContent('Iniciar sesión');
    });

    it('keeps the language when the learner signs out (no profile speaks any more)', async () => {
      Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
      await renderWithApp(<Session first="fr" />);
      await waitFor(() => expect(screen.getByTestId('language')).toHaveTextContent('fr'));
      await userEvent.click(screen.getByRole('button', { name: 'profile null' }));
      await settle();
      expect(screen.getByTestId('language')).toHaveTextContent('fr');
    });
  });
});
