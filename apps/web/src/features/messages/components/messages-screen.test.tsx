import type { Conversation, Message } from '@parla/shared/messages.schema';
import type { Friend } from '@parla/shared/social.schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from '@/lib/router';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient, SignedIn } from '@/testing/query-client';
import { renderWithApp } from '@/testing/render';
import { MessagesScreen } from './messages-screen';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const ME = testUser.id;
const BEA = '00000000-0000-4000-8000-0000000000b1';
const CAI = '00000000-0000-4000-8000-0000000000c1';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

let sequence = 0;
function message(from: string, to: string, text: string, overrides: Partial<Message> = {}): Message {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    sender_id: from,
    recipient_id: to,
    text,
    read: false,
    created_at: minutesAgo(100 - sequence),
    ...overrides,
  };
}

function learner(id: string, name: string): Friend {
  return {
    user_id: id,
    name,
    course: 'es',
    level: 2,
    total_xp: 120,
    streak: 1,
    online: false,
    last_seen_at: null,
    following: true,
    follows_me: true,
  };
}

interface Server {
  /** Oldest first. */
  messages: Message[];
  conversations?: Conversation[];
  pageSize?: number;
  /** What GET …/messages answers instead of the messages. */
  readStatus?: number;
  /** What POST …/messages answers, in turn (then 201). */
  sendReplies?: { status: number; body: unknown; headers?: Record<string, string> }[];
  blocked?: string[];
}

/** A small server: me, a learner's card, my blocks, the conversation list, one conversation (paged by index), sending. */
function serve(server: Server) {
  const calls: { method: string; path: string; requestId: string | undefined; body: unknown }[] = [];
  const pageSize = server.pageSize ?? 30;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      method,
      path: url.pathname + url.search,
      requestId: headers['X-Request-Id'],
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const path = url.pathname.replace('/api/v1', '');
    if (path === '/users/me') return json(200, { user: testUser, profile: testProfile(), unread_notifications: 0 });
    if (path === '/users/me/blocks')
      return json(200, {
        items: (server.blocked ?? []).map((id) => ({ user_id: id, name: 'Someone', blocked_at: minutesAgo(5) })),
      });
    if (path === '/users/me/conversations') {
      const all = server.conversations ?? [];
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const size = 2;
      return json(200, {
        items: all.slice(start, start + size),
        next_cursor: start + size < all.length ? String(start + size) : null,
      });
    }
    if (path === `/users/${BEA}`) return json(200, learner(BEA, 'Bea López'));
    if (path === `/users/me/conversations/${BEA}/messages`) {
      if (method === 'POST') {
        const reply = server.sendReplies?.shift();
        if (reply) return json(reply.status, reply.body, reply.headers);
        const text = (JSON.parse(String(init?.body)) as { text: string }).text;
        const sent = message(ME, BEA, text, { created_at: new Date().toISOString() });
        server.messages.push(sent);
        return json(201, sent);
      }
      if (server.readStatus)
        return json(server.readStatus, { detail: 'You can only message learners who follow you back.', code: 'forbidden' });
      const newestFirst = [...server.messages].reverse();
      const start = Number(url.searchParams.get('cursor') ?? 0);
      return json(200, {
        items: newestFirst.slice(start, start + pageSize),
        next_cursor: start + pageSize < newestFirst.length ? String(start + pageSize) : null,
      });
    }
    return json(404, { detail: 'Not found.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, posts: () => calls.filter((call) => call.method === 'POST') };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

async function renderAt(route: string) {
  const queryClient = createTestQueryClient({ me: { user: testUser, profile: testProfile(), unread_notifications: 0 } });
  await renderWithApp(
    <SignedIn queryClient={queryClient}>
      <Routes>
        <Route path="app/messages" element={<MessagesScreen />} />
        <Route path="app/messages/:id" element={<MessagesScreen />} />
      </Routes>
      <Where />
    </SignedIn>,
    { route },
  );
  return queryClient;
}

const texts = (log: HTMLElement) =>
  within(log)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the conversation list', () => {
  it('shows each conversation with the name, the last message (“You: ” when mine), its time and the unread count, a page at a time', async () => {
    const fromBea = message(BEA, ME, '¿Quedamos mañana?', { created_at: minutesAgo(120) });
    const toCai = message(ME, CAI, 'Gracias por la ayuda', { created_at: minutesAgo(60 * 26) });
    const third = { user_id: '00000000-0000-4000-8000-0000000000d1', name: 'Dee Okafor' };
    serve({
      messages: [],
      conversations: [
        { user_id: BEA, name: 'Bea López', last_message: fromBea, unread_count: 2 },
        { user_id: CAI, name: 'Cai Wen', last_message: toCai, unread_count: 0 },
        { ...third, last_message: message(third.user_id, ME, 'Hola', { read: true }), unread_count: 0 },
      ],
    });
    const person = userEvent.setup();
    await renderAt('/app/messages');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const bea = await screen.findByRole('link', {
      name: /Bea López.*2 hours ago.*\u2068¿Quedamos mañana\?\u2069.*2 unread messages/,
    });
    expect(bea).toHaveAttribute('href', `/app/messages/${BEA}`);
    expect(screen.getByRole('link', { name: /Cai Wen.*yesterday.*You: \u2068Gracias por la ayuda\u2069$/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Dee Okafor/ })).not.toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Dee Okafor.*Hola/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await person.click(bea);
    expect(screen.getByTestId('where')).toHaveTextContent(`/app/messages/${BEA}`);
  });

  it('without conversations, says how to start one and links to Friends', async () => {
    serve({ messages: [], conversations: [] });
    await renderAt('/app/messages');
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Friends' })).toHaveAttribute('href', '/app/friends');
  });
});

describe('a conversation', () => {
  it('shows their name, the messages oldest first with mine at the end, “Seen” under my last read one, and earlier pages on request', async () => {
    const messages = [
      message(BEA, ME, 'one', { read: true }),
      message(ME, BEA, 'two', { read: true }),
      message(BEA, ME, 'three', { read: true }),
      message(ME, BEA, 'four', { read: true }),
      message(ME, BEA, 'five', { read: true }),
    ];
    const { calls } = serve({ messages, pageSize: 3 });
    const person = userEvent.setup();
    await renderAt(`/app/messages/${BEA}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bea López' })).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Messages with Bea López' });
    await waitFor(() => expect(texts(log)).toEqual(['Bea López: three', 'You: four', 'You: five']));
    const items = within(log).getAllByRole('listitem');
    expect(items[2]).toHaveClass('self-end');
    expect(items[0]).toHaveClass('self-start');
    expect(within(items[2] as HTMLElement).getByText('Seen')).toBeInTheDocument();
    expect(within(log).getAllByText('Seen')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/app/messages');

    await person.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(texts(log)).toEqual(['Bea López: one', 'You: two', 'Bea López: three', 'You: four', 'You: five']));
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/v1/users/me/conversations/${BEA}/messages?cursor=3`)).toBe(true);
  });

  it('sends with Enter (trimmed), keeps Shift+Enter as a new line, and shows the message once', async () => {
    const { posts } = serve({ messages: [message(BEA, ME, 'Hola')] });
    const person = userEvent.setup();
    await renderAt(`/app/messages/${BEA}`);
    const log = await screen.findByRole('log', { name: 'Messages with Bea López' });
    const box = screen.getByRole('textbox', { name: 'Message' });
    const sendButton = screen.getByRole('button', { name: 'Send' });
    expect(sendButton).toBeDisabled();

    await person.type(box, '   ');
    expect(sendButton).toBeDisabled();
    await person.keyboard('{Enter}');
    expect(posts()).toHaveLength(0);

    await person.clear(box);
    await person.type(box, '  ¿Qué tal?{Shift>}{Enter}{/Shift}Bien  ');
    expect(box).toHaveValue('  ¿Qué tal?\nBien  ');
    expect(posts()).toHaveLength(0);
    await person.keyboard('{Enter}');
    await waitFor(() => expect(texts(log)).toEqual(['Bea López: Hola', 'You: ¿Qué tal?\nBien']));
    expect(posts().map((call) => call.body)).toEqual([{ text: '¿Qué tal?\nBien' }]);
    expect(box).toHaveValue('');

    await person.type(box, 'Adiós');
    await person.click(sendButton);
    await waitFor(() => expect(texts(log)).toEqual(['Bea López: Hola', 'You: ¿Qué tal?\nBien', 'You: Adiós']));
  });

  it('counts down near 1,000 characters and refuses more', async () => {
    serve({ messages: [] });
    const person = userEvent.setup();
    await renderAt(`/app/messages/${BEA}`);
    expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await person.click(box);
    await person.paste('a'.repeat(950));
    expect(box).toHaveAccessibleDescription(/50 characters left/);
    await person.paste('b'.repeat(55));
    expect(box).toHaveAccessibleDescription(/5 characters too many/);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('says when sending is too fast, keeps the text, and retries with the same request id so nothing is stored twice', async () => {
    const { posts } = serve({
      messages: [],
      sendReplies: [
        { status: 429, body: { detail: 'Too many requests.', code: 'rate_limited' }, headers: { 'Retry-After': '30' } },
      ],
    });
    const person = userEvent.setup();
    await renderAt(`/app/messages/${BEA}`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await person.type(box, 'Hola{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You’re sending messages too quickly. Try again in 30 seconds.');
    expect(box).toHaveValue('Hola');
    await person.click(screen.getByRole('button', { name: 'Send' }));
    const log = screen.getByRole('log');
    await waitFor(() => expect(texts(log)).toEqual(['You: Hola']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const [first, second] = posts();
    expect(first?.requestId).toBeTruthy();
    expect(second?.requestId).toBe(first?.requestId);

    await person.type(box, 'Otra');
    await person.keyboard('{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]?.requestId).not.toBe(first?.requestId);
  });

  it('explains that both must follow each other, with a link to Friends, when the server refuses the conversation', async () => {
    serve({ messages: [], readStatus: 403 });
    await renderAt(`/app/messages/${BEA}`);
    expect(await screen.findByText(/You can message a learner only while you both follow each other/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Friends' })).toHaveAttribute('href', '/app/friends');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('says “You can’t message this learner” when I blocked them', async () => {
    serve({ messages: [], readStatus: 403, blocked: [BEA] });
    await renderAt(`/app/messages/${BEA}`);
    expect(await screen.findByText('You can’t message this learner.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Friends' })).not.toBeInTheDocument();
  });

  it('closes the conversation when a send is refused because the follows ended', async () => {
    serve({
      messages: [message(BEA, ME, 'Hola')],
      sendReplies: [{ status: 403, body: { detail: 'You can only message learners who follow you back.', code: 'forbidden' } }],
    });
    const person = userEvent.setup();
    await renderAt(`/app/messages/${BEA}`);
    await person.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hola{Enter}');
    expect(await screen.findByText(/only while you both follow each other/)).toBeInTheDocument();
  });

  it('asks again every 10 seconds, so a reply shows up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server: Server = { messages: [message(ME, BEA, 'Hola')] };
    serve(server);
    await renderAt(`/app/messages/${BEA}`);
    const log = await screen.findByRole('log');
    await waitFor(() => expect(texts(log)).toEqual(['You: Hola']));
    server.messages.push(message(BEA, ME, '¡Hola! ¿Cómo estás?'));
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() => expect(texts(log)).toEqual(['You: Hola', 'Bea López: ¡Hola! ¿Cómo estás?']));
  });
});
