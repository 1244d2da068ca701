import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { DailyLimitScreen } from './daily-limit-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('DailyLimitScreen', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/auth/refresh'))
          return json(200, { access_token: 't', token_type: 'bearer', expires_in: 900, refresh_token: 'r', user: testUser });
        if (url.endsWith('/users/me')) return json(200, { user: testUser, profile: testProfile({ timezone: 'Asia/Tokyo' }) });
        return json(404, { detail: 'Not found.', code: 'not_found' });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says when the next free lesson comes in the learner’s time zone, what Premium gives, that it is not on sale yet, and offers practice', async () => {
    await renderWithApp(
      <QueryClientProvider client={createTestQueryClient()}>
        <AuthProvider>
          {/* Midnight in Tokyo, the learner's zone: 15:00 UTC the day before. */}
          <DailyLimitScreen resetsAt={new Date('2026-11-21T15:00:00.000Z')} />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: "You've used today's free lesson" })).toBeInTheDocument();
    expect(await screen.findByText(/^Sunday,? 12:00\sAM$/)).toHaveAttribute('datetime', '2026-11-21T15:00:00.000Z');
    expect(screen.getByRole('heading', { level: 2, name: "Can't wait?" })).toBeInTheDocument();
    expect(screen.getByText('Unlimited lessons every day')).toBeInTheDocument();
    expect(screen.getByText('Replay finished lessons as often as you like')).toBeInTheDocument();
    expect(screen.getByText(/Premium can't be bought in the app yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try quick practice' })).toHaveAttribute('href', '/app/practice');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/app');
  });
});
