import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetMatchMedia, setMediaQuery } from '@/testing/match-media';
import { DARK_QUERY } from './theme';
import { ThemeProvider, useTheme } from './theme-provider';

function ThemeButtons() {
  const { preference, resolvedTheme, setPreference } = useTheme();
  return (
    <div>
      <p data-testid="theme">{`${preference}/${resolvedTheme}`}</p>
      <button type="button" onClick={() => setPreference('dark')}>
        dark
      </button>
      <button type="button" onClick={() => setPreference('system')}>
        system
      </button>
    </div>
  );
}

describe('ThemeProvider', () => {
  it('persists the chosen theme and restores it on the next visit', async () => {
    const first = render(
      <ThemeProvider>
        <ThemeButtons />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme')).toHaveTextContent('system/light');
    await userEvent.click(screen.getByRole('button', { name: 'dark' }));
    expect(localStorage.getItem('parla.theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    first.unmount();

    render(
      <ThemeProvider>
        <ThemeButtons />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme')).toHaveTextContent('dark/dark');
  });

  it('follows the operating system live on "system"', async () => {
    resetMatchMedia([DARK_QUERY]);
    render(
      <ThemeProvider>
        <ThemeButtons />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme')).toHaveTextContent('system/dark');
    setMediaQuery(DARK_QUERY, false);
    await waitFor(() => expect(screen.getByTestId('theme')).toHaveTextContent('system/light'));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem('parla.theme', 'sepia');
    render(
      <ThemeProvider>
        <ThemeButtons />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme')).toHaveTextContent('system/light');
  });
});
