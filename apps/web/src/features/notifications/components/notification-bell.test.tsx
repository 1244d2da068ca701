import type { Notification } from '@parla/shared/notifications.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { NotificationBell } from './notification-bell';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'achievement',
    kind: 'achievement.earned',
    params: { achievement_id: 'first-lesson' },
    icon: '🎯',
    read: false,
    created_at: minutesAgo(120),
    ...overrides,
  };
}

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/** A small server: the learner's notifications, marking read, and /users/me with the count. */
function serve(initial: Notification[], { pageSize = 20 } = {}) {
  let items = initial;
  const unread = () => items.filter((item) => !item.read).length;
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/v1/users/me')
      return json(200, { user: testUser, profile: testProfile(), unread_notifications: unread() });
    if (url.pathname === '/api/v1/users/me/notifications') {
      const filter = url.searchParams.get('filter') ?? 'all';
      const matching = items.filter((item) =>
        filter === 'all' ? true : filter === 'unread' ? !item.read : item.type === filter,
      );
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = matching.slice(start, start + pageSize);
      const next = start + pageSize < matching.length ? String(start + pageSize) : null;
      return json(200, { items: page, next_cursor: next, unread_count: unread() });
    }
    if (url.pathname === '/api/v1/users/me/notifications/read-all' && method === 'POST') {
      const marked = unread();
      items = items.map((item) => ({ ...item, read: true }));
      return json(200, { unread_count: 0, marked });
    }
    const read = /^\/api\/v1\/users\/me\/notifications\/([^/]+)\/read$/.exec(url.pathname);
    if (read && method === 'POST') {
      items = items.map((item) => (item.id === read[1] ? { ...item, read: true } : item));
      return json(
        200,
        items.find((item) => item.id === read[1]),
      );
    }
    return json(404, { detail: 'Not found.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

async function renderBell(unread: number) {
  const queryClient = createTestQueryClient({ me: { user: testUser, profile: testProfile(), unread_notifications: unread } });
  await renderWithApp(
    <SignedIn queryClient={queryClient}>
      <NotificationBell />
    </SignedIn>,
    { route: '/app' },
  );
}

describe('NotificationBell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count (capped at 9+) in its badge and its name, and none at zero', async () => {
    serve([]);
    await renderBell(12);
    expect(screen.getByRole('button', { name: 'Notifications, 12 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('9+');
  });

  it('at zero: no badge, named "Notifications"', async () => {
    serve([]);
    await renderBell(0);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('opens the panel: a tap marks a card read, the filters select, Escape closes and focus returns to the bell', async () => {
    serve([
      notification(ID(1)),
      notification(ID(2), {
        type: 'streak',
        kind: 'streak.reminder',
        params: { streak: 4, local_date: '2026-11-23' },
        icon: '🔥',
        read: true,
        created_at: minutesAgo(60 * 26),
      }),
    ]);
    const person = userEvent.setup();
    await renderBell(1);
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');
    await person.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const card = await within(dialog).findByRole('button', { name: /Achievement unlocked.*First steps.*2 hours ago.*Unread/ });
    expect(
      within(dialog).getByRole('button', { name: /Your streak is waiting.*Your 4-day streak is waiting.*yesterday/ }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await person.click(card);
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
    expect(
      await within(dialog).findByRole('button', { name: /Achievement unlocked.*First steps.*2 hours ago$/ }),
    ).toBeInTheDocument();

    await person.click(within(dialog).getByRole('button', { name: 'Unread' }));
    expect(within(dialog).getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(dialog).findByText('You’re all caught up.')).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Social' }));
    expect(await within(dialog).findByText('Nothing from friends yet.')).toBeInTheDocument();

    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('says who started following the learner', async () => {
    serve([
      notification(ID(3), {
        type: 'social',
        kind: 'social.followed',
        params: { follower_id: ID(9), name: 'Bea Kowalska' },
        icon: '👥',
      }),
    ]);
    const person = userEvent.setup();
    await renderBell(1);
    await person.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      await within(dialog).findByRole('button', { name: /New follower.*Bea Kowalska started following you\./ }),
    ).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Social' }));
    expect(await within(dialog).findByRole('button', { name: /New follower/ })).toBeInTheDocument();
  });

  it('says who sent the learner a message', async () => {
    serve([
      notification(ID(4), {
        type: 'social',
        kind: 'social.message',
        params: { sender_id: ID(9), name: 'Bea Kowalska', message_id: ID(8) },
        icon: '👥',
      }),
    ]);
    const person = userEvent.setup();
    await renderBell(1);
    await person.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      await within(dialog).findByRole('button', { name: /New message.*Bea Kowalska sent you a message\./ }),
    ).toBeInTheDocument();
  });

  it('opens the conversation from a message, and the learner’s card from a new follower, closing the panel', async () => {
    serve([
      notification(ID(4), {
        type: 'social',
        kind: 'social.message',
        params: { sender_id: ID(9), name: 'Bea Kowalska', message_id: ID(8) },
        icon: '💬',
      }),
      notification(ID(3), {
        type: 'social',
        kind: 'social.followed',
        params: { follower_id: ID(7), name: 'Cai Wen' },
        icon: '👥',
      }),
    ]);
    const person = userEvent.setup();
    const queryClient = createTestQueryClient({ me: { user: testUser, profile: testProfile(), unread_notifications: 2 } });
    function Where() {
      const location = useLocation();
      return <output data-testid="where">{location.pathname + location.search}</output>;
    }
    await renderWithApp(
      <SignedIn queryClient={queryClient}>
        <NotificationBell />
        <Where />
      </SignedIn>,
      { route: '/app' },
    );
    await person.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    let dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await person.click(await within(dialog).findByRole('button', { name: /New message.*Bea Kowalska/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent(`/app/messages/${ID(9)}`);

    await person.click(screen.getByRole('button', { name: /^Notifications/ }));
    dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await person.click(await within(dialog).findByRole('button', { name: /New follower.*Cai Wen/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('where')).toHaveTextContent(`/app/friends?learner=${ID(7)}`);
  });

  it('marks all as read, and loads older ones a page at a time', async () => {
    const many = Array.from({ length: 3 }, (_, n) => notification(ID(n + 1), { created_at: minutesAgo(n * 10 + 5) }));
    const { calls } = serve(many, { pageSize: 2 });
    const person = userEvent.setup();
    await renderBell(3);
    await person.click(screen.getByRole('button', { name: 'Notifications, 3 unread' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2));
    await person.click(within(dialog).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(3));
    expect(within(dialog).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();

    await person.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
    expect(calls).toContain('POST /api/v1/users/me/notifications/read-all');
    await waitFor(() =>
      expect(within(dialog).queryAllByRole('button', { name: /Achievement unlocked.*Unread$/ })).toHaveLength(0),
    );
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
