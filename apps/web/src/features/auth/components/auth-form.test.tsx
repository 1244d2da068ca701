import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { Link, Route, Routes } from '@/lib/router';
import { createTestQueryClient } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { AuthForm } from './auth-form';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The server as the form sees it: nobody signed in, no providers, sign-in refused. */
function fakeServer(url: string) {
  if (url.endsWith('/auth/providers'))
    return json(200, { providers: [{ id: 'github', name: 'GitHub', start_url: '/api/v1/auth/oauth/github/start' }] });
  if (url.endsWith('/auth/refresh')) return json(401, { detail: 'No refresh token was sent.', code: 'token_invalid' });
  if (url.endsWith('/auth/login')) return json(401, { detail: 'Invalid email or password.', code: 'invalid_credentials' });
  if (url.endsWith('/auth/register'))
    return json(429, { detail: 'Too many attempts.', code: 'rate_limited' }, { 'Retry-After': '1450' });
  return json(404, { detail: 'not here', code: 'not_found' });
}

function renderForm(route: string) {
  return renderWithApp(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <Routes>
          <Route path="/login" element={<AuthForm mode="login" />} />
          <Route path="/signup" element={<AuthForm mode="signup" />} />
        </Routes>
        <Link to="/signup">go to sign-up</Link>
      </AuthProvider>
    </QueryClientProvider>,
    { route },
  );
}

describe('AuthForm', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => fakeServer(String(input))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks the e-mail first, then the password, and shows a refused sign-in as invalid credentials', async () => {
    const user = userEvent.setup();
    await renderForm('/login');
    const submit = screen.getByRole('button', { name: 'Sign In' });
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address.');
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(submit);
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it('offers only the configured providers and a show-password toggle', async () => {
    const user = userEvent.setup();
    await renderForm('/login');
    expect(await screen.findByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute(
      'href',
      '/api/v1/auth/oauth/github/start',
    );
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('clears fields and errors when switching to create-account mode, which shows the strength checks', async () => {
    const user = userEvent.setup();
    await renderForm('/login');
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'go to sign-up' }));

    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '1234567');
    expect(screen.getByRole('img', { name: 'Password strength: fair' })).toBeInTheDocument();
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();
  });

  it("tells a refused sign-up when it can try again, from the server's Retry-After", async () => {
    const user = userEvent.setup();
    await renderForm('/signup');
    await user.type(screen.getByLabelText('Full name'), 'Ana García');
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'violet-harbour-42');
    await user.type(screen.getByLabelText('Confirm password'), 'violet-harbour-42');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Too many attempts. You can try again in 25 minutes.')).toBeInTheDocument();
  });
});
