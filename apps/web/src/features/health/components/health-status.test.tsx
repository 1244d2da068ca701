import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { HealthStatus } from './health-status';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('HealthStatus', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the API, database and version from the health endpoint', async () => {
    const fetchMock = answer(200, { status: 'ok', database: 'ok', version: '1.2.3' });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HealthStatus />);

    expect(screen.getByRole('status')).toHaveTextContent('Checking the server…');
    expect(await screen.findByText('1.2.3')).toBeInTheDocument();
    expect(screen.getByText('Database').nextElementSibling).toHaveTextContent('ok');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/health');
    expect(new Headers(init.headers).get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server’s own error detail when the database is down', async () => {
    vi.stubGlobal('fetch', answer(503, { detail: 'The database is not answering.', code: 'database_unavailable' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<HealthStatus />);
      // A 5xx is retried once after 1 s (spec §8) before the error is shown.
      await vi.advanceTimersByTimeAsync(1_100);
      expect(await screen.findByRole('status')).toHaveTextContent('Server unavailable: The database is not answering.');
    } finally {
      vi.useRealTimers();
    }
  });
});
