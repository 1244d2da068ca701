import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { useI18n } from './i18n/language-context';
import { useDocumentTitle } from './use-document-title';

function Screen({ bare = false }: { bare?: boolean }) {
  useDocumentTitle(bare ? 'landing.meta.title' : 'title.login', { bare });
  const { changeLanguage } = useI18n();
  return (
    <button type="button" onClick={() => changeLanguage('de')}>
      Deutsch
    </button>
  );
}

describe('useDocumentTitle', () => {
  it('names the screen followed by Parla, and follows the interface language', async () => {
    await renderWithApp(<Screen />);
    await waitFor(() => expect(document.title).toBe('Sign in · Parla'));
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(document.title).toBe('Anmelden · Parla'));
  });

  it('shows a title that already names Parla on its own', async () => {
    await renderWithApp(<Screen bare />);
    await waitFor(() => expect(document.title).toBe('Parla — learn a language the fun way'));
  });
});
