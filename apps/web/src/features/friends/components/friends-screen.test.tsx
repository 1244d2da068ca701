import type { LeaderboardResponse } from '@parla/shared/leagues.schema';
import type { Friend, Suggestion } from '@parla/shared/social.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { FriendsScreen } from './friends-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function friend(n: number, overrides: Partial<Friend> = {}): Friend {
  return {
    user_id: ID(n),
    name: `Learner ${n}`,
    course: 'es',
    level: 3,
    total_xp: 250,
    streak: 4,
    online: false,
    last_seen_at: null,
    following: true,
    follows_me: false,
    ...overrides,
  };
}

const row = (n: number, rank: number, overrides: Record<string, unknown> = {}) => ({
  user_id: ID(n),
  name: `Learner ${n}`,
  level: 2,
  total_xp: 1000 - rank * 10,
  week_xp: 300 - rank * 10,
  rank,
  is_me: false,
  ...overrides,
});

/** A small server: friends (with `q`), suggestions, both boards, a learner's card, follow, block. */
function serve({
  friends = [
    friend(1, { name: 'Ana García', follows_me: true, online: true }),
    friend(2, { name: 'Bea Kowalska', course: 'ja' }),
  ],
  suggestions = [
    { ...friend(3, { name: 'Cai Lun', following: false }), reason: 'mutual', mutual_count: 2 },
    {
      ...friend(4, { name: 'Dee Private', following: false, level: null, total_xp: null, streak: null, online: null }),
      reason: 'same_course',
      mutual_count: 0,
    },
  ] as Suggestion[],
  league,
  followStatus = 200,
}: {
  friends?: Friend[];
  suggestions?: Suggestion[];
  league?: LeaderboardResponse;
  followStatus?: number;
} = {}) {
  let list = friends;
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/v1/users/me')
      return json(200, { user: testUser, profile: testProfile(), unread_notifications: 0 });
    if (url.pathname === '/api/v1/users/me/friends') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return json(200, { items: list.filter((item) => item.name.toLowerCase().includes(q)), total: list.length });
    }
    if (url.pathname === '/api/v1/users/me/suggestions') return json(200, { items: suggestions });
    if (url.pathname === '/api/v1/users/leaderboard') {
      if (url.searchParams.get('scope') === 'league') return json(200, league);
      return json(200, {
        scope: 'friends',
        week_start: '2026-11-23',
        items: [
          row(1, 1, { name: 'Ana García' }),
          row(9, 2, { name: 'Me Myself', is_me: true }),
          row(2, 3, { name: 'Bea Kowalska' }),
        ],
      });
    }
    const follow = /^\/api\/v1\/users\/me\/following\/(.+)$/.exec(url.pathname);
    if (follow) {
      if (followStatus !== 200) return json(followStatus, { detail: 'Too many.', code: 'following_limit_reached' });
      const id = follow[1] as string;
      const following = method === 'PUT';
      list = list.map((item) => (item.user_id === id ? { ...item, following } : item));
      return json(200, { user_id: id, following, follows_me: list.find((item) => item.user_id === id)?.follows_me ?? false });
    }
    const block = /^\/api\/v1\/users\/me\/blocks\/(.+)$/.exec(url.pathname);
    if (block && method === 'PUT') {
      list = list.filter((item) => item.user_id !== block[1]);
      return json(201, { user_id: block[1], blocked: true });
    }
    const card = /^\/api\/v1\/users\/([^/]+)$/.exec(url.pathname);
    if (card) {
      const found = [...list, ...suggestions].find((item) => item.user_id === card[1]);
      return found ? json(200, found) : json(404, { detail: 'There is no such learner.', code: 'not_found' });
    }
    return json(404, { detail: 'Not found.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

async function renderFriends(route = '/app/friends') {
  const queryClient = createTestQueryClient({ me: { user: testUser, profile: testProfile(), unread_notifications: 0 } });
  await renderWithApp(
    <SignedIn queryClient={queryClient}>
      <FriendsScreen />
    </SignedIn>,
    { route },
  );
}

describe('FriendsScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the people I follow with the counts on the tabs, a message button only for mutual follows, and searches', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    await renderFriends();
    expect(await screen.findByRole('tab', { name: 'My friends (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Suggestions (2)' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const ana = within(list).getByRole('link', { name: 'Ana García' }).closest('li') as HTMLElement;
    expect(within(ana).getByText('Follows you')).toBeInTheDocument();
    expect(within(ana).getByText('Online', { selector: 'span:not(.sr-only)' })).toBeInTheDocument();
    expect(within(ana).getByRole('link', { name: 'Message Ana García' })).toHaveAttribute('href', `/app/messages/${ID(1)}`);
    const bea = within(list).getByRole('link', { name: 'Bea Kowalska' }).closest('li') as HTMLElement;
    expect(within(bea).queryByRole('link', { name: /Message/ })).not.toBeInTheDocument();
    expect(within(bea).getByText(/Level 3/)).toBeInTheDocument();
    expect(within(bea).getByText(/4 day streak/)).toBeInTheDocument();

    await person.type(screen.getByRole('searchbox', { name: 'Search your friends by name or language' }), 'bea');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ana García' })).not.toBeInTheDocument());
    expect(calls).toContain('GET /api/v1/users/me/friends?q=bea');
    await person.clear(screen.getByRole('searchbox'));
    await person.type(screen.getByRole('searchbox'), 'zz');
    expect(await screen.findByText('None of your friends match “zz”.')).toBeInTheDocument();
  });

  it('unfollows and follows again with the toggle, which says its state', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    await renderFriends();
    const toggle = await screen.findByRole('button', { name: 'Following Bea Kowalska' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await person.click(toggle);
    const follow = await screen.findByRole('button', { name: 'Follow Bea Kowalska' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toContain(`DELETE /api/v1/users/me/following/${ID(2)}`);
    expect(await screen.findByRole('tab', { name: 'My friends (1)' })).toBeInTheDocument();
    await person.click(follow);
    expect(await screen.findByRole('button', { name: 'Following Bea Kowalska' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toContain(`PUT /api/v1/users/me/following/${ID(2)}`);
  });

  it('says why a follow failed when the limit is reached, and keeps the state', async () => {
    serve({ followStatus: 422 });
    const person = userEvent.setup();
    await renderFriends('/app/friends?tab=suggestions');
    const add = await screen.findByRole('button', { name: 'Add friend Cai Lun' });
    await person.click(add);
    expect(await screen.findByText(/You already follow 1,000 learners/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add friend Cai Lun' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('suggests with the reason, and a private profile hides its numbers', async () => {
    serve();
    await renderFriends('/app/friends?tab=suggestions');
    expect(await screen.findByText('2 friends in common')).toBeInTheDocument();
    expect(screen.getByText('Also learning Spanish')).toBeInTheDocument();
    const dee = screen.getByRole('link', { name: 'Dee Private' }).closest('li') as HTMLElement;
    expect(within(dee).getByText('Private profile')).toBeInTheDocument();
    expect(within(dee).queryByText(/Level/)).not.toBeInTheDocument();
  });

  it('ranks the friends board by XP with a trophy for the first and "You" on my row', async () => {
    serve();
    await renderFriends('/app/friends?tab=leaderboard');
    const board = await screen.findByRole('list', { name: 'You and the people you follow, by total XP' });
    const rows = within(board).getAllByRole('listitem');
    expect(rows.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Ana García'),
      expect.stringContaining('Me Myself'),
      expect.stringContaining('Bea Kowalska'),
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'First place' })).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[1] as HTMLElement).getByText('You')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Place')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('270 XP this week')).toBeInTheDocument();
  });

  it('shows the league with its tier, days left, my place and the promotion and demotion zones', async () => {
    const items = Array.from({ length: 9 }, (_, index) =>
      row(index + 1, index + 1, index === 2 ? { is_me: true, name: 'Me Myself' } : {}),
    );
    serve({
      league: {
        scope: 'league',
        placed: true,
        tier: 3,
        week_start: '2026-11-23',
        ends_at: '2026-11-30T00:00:00.000Z',
        days_left: 5,
        my_rank: 3,
        cohort_size: 9,
        promotion_until: 2,
        demotion_from: 8,
        items,
      },
    });
    const person = userEvent.setup();
    await renderFriends('/app/friends?tab=leaderboard');
    await person.click(await screen.findByRole('button', { name: 'League' }));
    expect(screen.getByRole('button', { name: 'League' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { name: 'Gold League' })).toBeInTheDocument();
    expect(screen.getByText(/Tier 3 of 10 · 5 days left/)).toBeInTheDocument();
    expect(screen.getByText('#3 of 9')).toBeInTheDocument();
    const board = screen.getByRole('list', { name: 'Gold League' });
    const texts = within(board)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(texts[0]).toBe('Promotion zone: the top 2 move up');
    expect(texts.indexOf('Demotion zone: the last 2 move down')).toBe(texts.findIndex((text) => text.includes('Learner 8')) - 1);
  });

  it('opens a learner card from the address: follows, and blocks after a confirmation', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    await renderFriends(`/app/friends?learner=${ID(1)}`);
    const card = await screen.findByRole('dialog', { name: 'Ana García' });
    expect(within(card).getByText('Learning Spanish')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Message Ana García' })).toBeInTheDocument();
    await person.click(within(card).getByRole('button', { name: 'Block' }));
    expect(within(card).getByText(/Block Ana García\? They won’t be able to follow, message or find you/)).toBeInTheDocument();
    await person.click(within(card).getByRole('button', { name: 'Block Ana García' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toContain(`PUT /api/v1/users/me/blocks/${ID(1)}`);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ana García' })).not.toBeInTheDocument());
  });

  it('says when the learner of a card cannot be found', async () => {
    serve();
    await renderFriends(`/app/friends?learner=${ID(7)}`);
    expect(await screen.findByRole('dialog', { name: 'Learner not found' })).toBeInTheDocument();
    expect(screen.getByText(/This learner can’t be found/)).toBeInTheDocument();
  });
});
