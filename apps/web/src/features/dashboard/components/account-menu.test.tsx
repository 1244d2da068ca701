import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toaster';
import { FollowProfileLanguage } from '@/lib/auth/interface-language';
import { storageKeys } from '@/lib/storage';
import { testProfile, testUser } from '@/testing/fixtures';
import { cachedMe, createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { AccountMenu } from './account-menu';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A French speaker's menu; the server answers the profile's update with `status`. */
async function renderMenu(status: number) {
  const profile = testProfile({ native_language: 'fr', interface_language: 'fr' });
  const updates: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/users/me/profile') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        updates.push(body);
        return status === 200
          ? json(200, { ...profile, ...body })
          : json(status, { detail: 'Not today.', code: 'validation_error' });
      }
      return json(404, { detail: 'not here', code: 'not_found' });
    }),
  );
  const queryClient = createTestQueryClient({ me: { user: testUser, profile } });
  await renderWithApp(
    <SignedIn queryClient={queryClient}>
      <FollowProfileLanguage />
      <AccountMenu fullName="Ana García" email="ana@example.com" />
    </SignedIn>,
  );
  // The profile's language applies first: the whole menu speaks French.
  const menu = await screen.findByRole('button', { name: 'AG – Menu du compte' }, { timeout: 5_000 });
  return { menu, updates, queryClient };
}

describe('AccountMenu: the interface language', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('switches the interface from the menu and keeps the choice in the profile', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
    const user = userEvent.setup();
    const { menu, updates, queryClient } = await renderMenu(200);
    await user.click(menu);
    const select = screen.getByRole('combobox', { name: 'Langue de l’interface' });
    expect(select).toHaveValue('fr');
    await user.selectOptions(select, 'de');
    expect(await screen.findByRole('button', { name: 'AG – Kontomenü' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache der Oberfläche' })).toHaveValue('de');
    await waitFor(() => expect(updates).toEqual([{ interface_language: 'de' }]));
    await waitFor(() => expect(cachedMe(queryClient)?.profile.interface_language).toBe('de'));
    // A manual choice: it has priority on this device (spec §4).
    expect(localStorage.getItem(storageKeys.manualInterfaceLanguage)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('says so when the account could not keep the choice, which still applies on this device', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const error = vi.spyOn(notify, 'error');
    const { menu } = await renderMenu(400);
    await user.click(menu);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue de l’interface' }), 'es');
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'El idioma ha cambiado en este dispositivo, pero no se pudo guardar en tu cuenta. Inténtalo más tarde.',
      ),
    );
    expect(document.documentElement.lang).toBe('es');
  });
});
