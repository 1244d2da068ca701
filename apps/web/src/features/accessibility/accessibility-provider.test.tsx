import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetMatchMedia, setMediaQuery } from '@/testing/match-media';
import { renderWithApp } from '@/testing/render';
import { AccessibilityButton } from './accessibility-button';
import { useAccessibility } from './accessibility-provider';
import { HIGH_CONTRAST_QUERY, REDUCED_MOTION_QUERY } from './settings';

const STORAGE_KEY = 'parla.accessibility';
const root = () => document.documentElement;

describe('accessibility settings', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads saved settings over the defaults and puts their classes on <html>', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ largeText: true, focusVisible: true }));
    await renderWithApp(<AccessibilityButton />);
    expect(root()).toHaveClass('a11y-large-text', 'a11y-focus');
    expect(root()).not.toHaveClass('a11y-high-contrast');
    expect(getComputedStyle(root()).fontSize).toBeDefined();
  });

  it('lets a system request for reduced motion or more contrast override saved settings', async () => {
    resetMatchMedia([REDUCED_MOTION_QUERY, HIGH_CONTRAST_QUERY]);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ largeText: true, screenReaderOptimizations: true }));
    await renderWithApp(<AccessibilityButton />);
    expect(root()).toHaveClass('a11y-reduced-motion', 'a11y-high-contrast');
    expect(root()).not.toHaveClass('a11y-large-text');
    expect(root()).not.toHaveClass('a11y-screen-reader');
  });

  it('logs and ignores unparsable saved settings', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEY, '{not json');
    await renderWithApp(<AccessibilityButton />);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(STORAGE_KEY), expect.anything());
    expect(root().className).not.toMatch(/a11y-/);
  });

  it('changes the page from the panel, saves every change, and resets to defaults', async () => {
    const user = userEvent.setup();
    await renderWithApp(<AccessibilityButton />);
    const opener = screen.getByRole('button', { name: 'Accessibility settings' });
    await user.click(opener);
    const largeText = await screen.findByRole('switch', { name: 'Large text' });
    await user.click(largeText);
    expect(root()).toHaveClass('a11y-large-text');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({ largeText: true });

    await user.click(screen.getByRole('switch', { name: 'High contrast' }));
    expect(root()).toHaveClass('a11y-high-contrast');

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(root()).toHaveClass('dark');
    expect(localStorage.getItem('parla.theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(root()).not.toHaveClass('a11y-large-text');
    expect(root()).not.toHaveClass('a11y-high-contrast');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('throws when the hook is used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Probe() {
      useAccessibility();
      return null;
    }
    expect(() => render(<Probe />)).toThrow('useAccessibility must be used within an AccessibilityProvider');
  });

  it('keeps following the OS theme live when the theme is "system"', async () => {
    await renderWithApp(<AccessibilityButton />);
    expect(root()).not.toHaveClass('dark');
    setMediaQuery('(prefers-color-scheme: dark)', true);
    await waitFor(() => expect(root()).toHaveClass('dark'));
  });
});
