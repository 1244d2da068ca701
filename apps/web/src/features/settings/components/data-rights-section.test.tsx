import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { Route, Routes } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { DataRightsSection } from './data-rights-section';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let calls: { method: string; path: string; body: unknown }[] = [];
let deleteAnswer: () => Response;

function fakeServer(url: string, init?: RequestInit) {
  const path = new URL(url, 'http://parla.test').pathname.replace('/api/v1', '');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, path, body });
  if (path === '/auth/refresh')
    return json(200, { access_token: 'token-1', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user: testUser });
  if (path === '/users/me' && method === 'GET') return json(200, { user: testUser, profile: testProfile() });
  if (path === '/users/me/export') return json(200, { format: 'parla-export', lesson_sessions: [{ lesson_id: 'greetings-1' }] });
  if (path === '/users/me/export/vocabulary.tsv')
    return new Response('#separator:tab\nhola\thello\t\tparla\n', {
      status: 200,
      headers: { 'Content-Type': 'text/tab-separated-values; charset=utf-8' },
    });
  if (path === '/users/me' && method === 'DELETE') return deleteAnswer();
  if (path === '/auth/logout') return json(401, { detail: 'This account no longer exists.', code: 'token_invalid' });
  return json(404, { detail: 'Not found.', code: 'not_found' });
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (blob) reader.readAsText(blob);
    else reject(new Error('no blob'));
  });
}

async function renderSection() {
  await renderWithApp(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <Routes>
          <Route path="/app/settings" element={<DataRightsSection />} />
          <Route path="/login" element={<p>Sign-in page</p>} />
        </Routes>
      </AuthProvider>
    </QueryClientProvider>,
    { route: '/app/settings' },
  );
  await screen.findByRole('button', { name: 'Download my data' });
}

describe('DataRightsSection', () => {
  beforeEach(() => {
    calls = [];
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => fakeServer(String(input), init)),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the export as a dated JSON file, and the words as a TSV for Anki', async () => {
    const person = userEvent.setup();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:parla-export';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderSection();
    await person.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded.')).toBeInTheDocument();
    expect(clicked).toEqual([expect.stringMatching(/^parla-export-\d{4}-\d{2}-\d{2}\.json$/)]);
    expect(JSON.parse(await readText(blobs[0]))).toMatchObject({ lesson_sessions: [{ lesson_id: 'greetings-1' }] });

    // The words, as the TSV the server wrote.
    await person.click(screen.getByRole('button', { name: 'Download my words for Anki' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]).toMatch(/^parla-vocabulary-\d{4}-\d{2}-\d{2}\.tsv$/);
    expect(await readText(blobs[1])).toBe('#separator:tab\nhola\thello\t\tparla\n');
    click.mockRestore();
  });

  it('asks for the password, says when it is wrong, then deletes the account and signs out', async () => {
    const person = userEvent.setup();
    deleteAnswer = () =>
      json(422, {
        detail: 'This is not your password.',
        code: 'current_password_incorrect',
        errors: [{ path: 'body.password', message: 'Not your password.' }],
      });
    await renderSection();
    await person.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('cannot be undone');
    await person.type(screen.getByLabelText('Your password'), 'wrong-password');
    await person.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('This is not your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');

    deleteAnswer = () => json(200, { status: 'ok' });
    await person.clear(screen.getByLabelText('Your password'));
    await person.type(screen.getByLabelText('Your password'), 'right-password');
    await person.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    const deletions = calls.filter((call) => call.method === 'DELETE');
    expect(deletions.map((call) => call.body)).toEqual([{ password: 'wrong-password' }, { password: 'right-password' }]);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/auth/logout'));
  });

  it('asks an account without a password to sign in again when its sign-in is old', async () => {
    const person = userEvent.setup();
    deleteAnswer = () => json(403, { detail: 'Sign in again.', code: 'reauthentication_required' });
    await renderSection();
    await person.click(screen.getByRole('button', { name: 'Delete my account' }));
    await person.click(await screen.findByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText(/sign in again, then delete your account within 10 minutes/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{}]);
  });
});
