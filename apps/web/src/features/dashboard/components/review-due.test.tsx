import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { ReviewDue } from './review-due';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serveDue(count: number) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/review/users/me/spaced_repetition?limit=0')
      ? json(200, { course: 'es', due_count: count, next_due: null, cards: [] })
      : json(404, { detail: 'Not found.', code: 'not_found' }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderEntry() {
  const queryClient = createTestQueryClient({ me: { user: testUser, profile: testProfile() } });
  return renderWithApp(
    <SignedIn queryClient={queryClient}>
      <Routes>
        <Route
          path="/app"
          element={
            <>
              <h1>Dashboard</h1>
              <ReviewDue />
            </>
          }
        />
        <Route path="/app/review" element={<p>Review page</p>} />
      </Routes>
    </SignedIn>,
    { route: '/app' },
  );
}

describe('ReviewDue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows how many words are due, from the count alone, and opens the review screen', async () => {
    const fetch = serveDue(3);
    const person = userEvent.setup();
    await renderEntry();
    expect(await screen.findByRole('heading', { name: '3 words to review' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    const link = screen.getByRole('link', { name: 'Review now' });
    expect(link).toHaveAttribute('href', '/app/review');
    await person.click(link);
    expect(await screen.findByText('Review page')).toBeInTheDocument();
  });

  it('says "word" for one', async () => {
    serveDue(1);
    await renderEntry();
    expect(await screen.findByRole('heading', { name: '1 word to review' })).toBeInTheDocument();
  });

  it('shows nothing when no word is due', async () => {
    const fetch = serveDue(0);
    await renderEntry();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Review now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/to review/)).not.toBeInTheDocument();
  });
});
