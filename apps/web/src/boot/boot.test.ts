import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';

/** Runs the boot script as the page would, once, with `matches` as the system's media queries. */
async function boot(matches: (query: string) => boolean = () => false) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches(query) }));
  vi.resetModules();
  await import('./boot');
}

describe('boot script', () => {
  const root = document.documentElement;
  beforeEach(() => {
    root.className = '';
    root.removeAttribute('style');
    root.removeAttribute('dir');
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('paints the saved theme, text size and contrast before the app runs', async () => {
    localStorage.setItem(storageKeys.theme, 'dark');
    localStorage.setItem(storageKeys.accessibility, JSON.stringify({ largeText: true, highContrast: true }));
    await boot();
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    expect(root.classList.contains('a11y-large-text')).toBe(true);
    expect(root.classList.contains('a11y-high-contrast')).toBe(true);
    expect(root.classList.contains('a11y-reduced-motion')).toBe(false);
  });

  it('follows the system where nothing is saved: dark scheme, reduced motion', async () => {
    await boot((query) => query.includes('dark') || query.includes('reduced-motion'));
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('a11y-reduced-motion')).toBe(true);
    expect(root.dir).toBe('');
  });

  it('lays an Arabic or Hebrew page out right to left from the first paint', async () => {
    localStorage.setItem(storageKeys.interfaceLanguage, 'he');
    localStorage.setItem(storageKeys.theme, 'light');
    await boot(() => true);
    expect(root.dir).toBe('rtl');
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('keeps the page working when stored settings are unreadable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(storageKeys.accessibility, '{not json');
    await boot();
    expect(root.classList.contains('a11y-large-text')).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
