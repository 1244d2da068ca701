import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ForgotPasswordForm } from './forgot-password-form';

const accepted = () =>
  new Response(JSON.stringify({ status: 'accepted', detail: 'Sent if it exists.', resend_after_seconds: 60 }), {
    status: 202,
    headers: { 'Content-Type': 'application/json' },
  });
const tooSoon = (seconds: number) =>
  new Response(JSON.stringify({ detail: 'Nothing was sent.', code: 'rate_limited' }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(seconds) },
  });

describe('ForgotPasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a resend inside the minute sent nothing and when the next can go; a later one says it was sent', async () => {
    const answers = [accepted(), tooSoon(40), accepted()];
    const fetchMock = vi.fn(async () => answers.shift() ?? accepted());
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderWithApp(<ForgotPasswordForm />, { route: '/forgot-password' });

    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();

    const resend = screen.getByRole('button', { name: 'Resend email' });
    await user.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No email was sent just now. You can ask for another one in 40 seconds.',
    );
    expect(screen.queryByText('We sent the email again.')).not.toBeInTheDocument();

    await user.click(resend);
    expect(await screen.findByText('We sent the email again.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('says the same on the first request when the server refuses it for a while', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => tooSoon(600)),
    );
    const user = userEvent.setup();
    await renderWithApp(<ForgotPasswordForm />, { route: '/forgot-password' });
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('No email was sent just now. You can ask for another one in 10 minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });
});
