import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { COOKIE_PREFERENCES_CHANGED_EVENT } from './consent';
import { CookieConsentPrompt } from './cookie-consent-prompt';
import { CookieSettings } from './cookie-settings';

const KEY = 'parla.cookie-consent';
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null');

async function renderAndWaitForBanner() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await renderWithApp(<CookieConsentPrompt />);
  expect(screen.queryByRole('region', { name: 'We value your privacy' })).not.toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(1_900));
  expect(screen.queryByRole('region', { name: 'We value your privacy' })).not.toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(200));
  vi.useRealTimers();
  return screen.findByRole('region', { name: 'We value your privacy' });
}

describe('cookie banner', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('appears 2 s after load and Accept All stores all four true', async () => {
    await renderAndWaitForBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(stored()).toEqual({ necessary: true, analytics: true, marketing: true, personalization: true });
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).not.toBeInTheDocument();
  });

  it('Essential Only stores the optional categories as false', async () => {
    await renderAndWaitForBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Essential Only' }));
    expect(stored()).toEqual({ necessary: true, analytics: false, marketing: false, personalization: false });
  });

  it('Customize stores the chosen toggles, with "necessary" locked on', async () => {
    await renderAndWaitForBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Necessary' })).toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Analytics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual({ necessary: true, analytics: true, marketing: false, personalization: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).not.toBeInTheDocument();
  });

  it('Cancel closes the dialog and the banner without storing anything', async () => {
    await renderAndWaitForBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).not.toBeInTheDocument();
  });

  it('stays hidden when consent is stored', async () => {
    localStorage.setItem(KEY, JSON.stringify({ necessary: true, analytics: false, marketing: false, personalization: false }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderWithApp(<CookieConsentPrompt />);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).not.toBeInTheDocument();
  });

  it('logs and ignores unparsable stored consent (and so asks again)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(KEY, 'oops');
    await renderAndWaitForBanner();
    expect(warn).toHaveBeenCalled();
  });
});

describe('cookie settings on the cookie page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads the saved choices, and Save Changes stores and broadcasts them', async () => {
    localStorage.setItem(KEY, JSON.stringify({ necessary: true, analytics: false, marketing: true, personalization: false }));
    const heard = vi.fn();
    window.addEventListener(COOKIE_PREFERENCES_CHANGED_EVENT, heard);
    await renderWithApp(<CookieSettings />);
    expect(screen.getByRole('switch', { name: 'Marketing' })).toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Personalisation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    window.removeEventListener(COOKIE_PREFERENCES_CHANGED_EVENT, heard);
    const expected = { necessary: true, analytics: false, marketing: true, personalization: true };
    expect(stored()).toEqual(expected);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ detail: expected }));
  });

  it('Reset All Preferences clears the consent and reloads', async () => {
    localStorage.setItem(KEY, JSON.stringify({ necessary: true, analytics: true, marketing: true, personalization: true }));
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { value: { ...original, reload }, configurable: true });
    try {
      await renderWithApp(<CookieSettings />);
      await userEvent.click(screen.getByRole('button', { name: 'Reset All Preferences' }));
      expect(localStorage.getItem(KEY)).toBeNull();
      expect(reload).toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'location', { value: original, configurable: true });
    }
  });
});
