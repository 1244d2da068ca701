import { SEARCH_LIMIT, type SearchResponse, SearchResponseSchema } from '@parla/shared/search.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { apiCaller, registerUser } from '../../test/factories';
import { createSearchRepository } from './search.repository';
import { searchEntriesOf } from './search-entries';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const { get } = apiCaller(() => ctx.app);
type Headers = Record<string, string>;

async function learner(native: string, course: string): Promise<Headers> {
  const account = await registerUser(ctx.app, { native_language: native });
  const reply = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/profile',
    headers: account.bearer,
    payload: { target_language: course },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return account.bearer;
}

async function search(headers: Headers, q: string): Promise<SearchResponse> {
  const reply = await get(`/search?q=${encodeURIComponent(q)}`, headers);
  expect(reply.statusCode, reply.body).toBe(200);
  return SearchResponseSchema.parse(reply.json());
}

const ids = (response: SearchResponse, type: string) => response.results.filter((r) => r.type === type).map((r) => r.id);

describe('GET /search', () => {
  let enEs: Headers;
  let enJa: Headers;
  let frZh: Headers;
  beforeAll(async () => {
    [enEs, enJa, frZh] = await Promise.all([learner('en', 'es'), learner('en', 'ja'), learner('fr', 'zh')]);
  });

  it('ignores case and accents: "CAFE" finds "el café", with the native word, lesson and difficulty', async () => {
    const found = await search(enEs, 'CAFE');
    expect(found.results).toContainEqual({
      id: 'coffee',
      title: 'el café',
      description: 'coffee',
      type: 'vocabulary',
      difficulty: 'beginner',
      lesson_id: 'food-3',
      language: 'es',
    });
  });

  it('forgives a typo ("helo" finds "hello") and puts the exact word first', async () => {
    expect(ids(await search(enEs, 'helo'), 'vocabulary')).toContain('hello');
    const exact = await search(enEs, 'Hello');
    expect(exact.results[0]).toMatchObject({ id: 'hello', type: 'vocabulary', title: 'hola', description: 'hello' });
    // The lesson whose title starts with the word follows it.
    expect(exact.results.find((r) => r.type === 'lesson')).toMatchObject({ id: 'greetings-1', title: 'Hello and goodbye' });
  });

  it('finds a word by its romanisation: romaji with or without long vowels, pinyin with or without spaces', async () => {
    const romaji = await search(enJa, 'konnichiwa');
    expect(romaji.results[0]).toMatchObject({ id: 'hello', title: 'こんにちは', roman: 'konnichiwa', language: 'ja' });
    expect(ids(await search(enJa, 'kohi'), 'vocabulary')).toContain('coffee');
    for (const pinyin of ['ni hao', 'nihao', 'nǐ hǎo']) {
      const found = await search(frZh, pinyin);
      expect(found.results[0], pinyin).toMatchObject({ id: 'hello', title: '你好', description: 'bonjour', roman: 'nǐ hǎo' });
    }
    // The written form itself, in a script without case or spaces.
    expect(ids(await search(enJa, 'こんにち'), 'vocabulary')).toContain('hello');
  });

  it('searches only the learner’s course and native language', async () => {
    // Japanese romanisation is not in an en→es course…
    expect(ids(await search(enEs, 'konnichiwa'), 'vocabulary')).toEqual([]);
    // …nor Spanish words in an en→ja one, nor lessons by their titles in another language.
    expect(ids(await search(enJa, 'hola'), 'vocabulary')).not.toContain('hello');
    expect(await search(enEs, 'Saludos')).toEqual({ results: [] });
    // A lesson's title and description come in the native language (French here).
    const french = await search(frZh, 'au revoir');
    expect(french.results.find((r) => r.type === 'lesson')).toMatchObject({ id: 'greetings-1', title: 'Bonjour et au revoir' });
  });

  it('returns at most 20 results, best first', async () => {
    const many = await search(enEs, 'the');
    expect(many.results.length).toBe(SEARCH_LIMIT);
    expect(await search(enEs, 'zzqxj')).toEqual({ results: [] });
  });

  it('treats LIKE wildcards and quotes in the query as text', async () => {
    expect(await search(enEs, '%_%')).toEqual({ results: [] });
    expect((await get(`/search?q=${encodeURIComponent("l'e' or 1=1 --")}`, enEs)).statusCode).toBe(200);
  });

  it('rejects a query under 2 characters after trimming, over 100, or missing, naming q (400)', async () => {
    for (const q of ['a', '  a  ', '', 'x'.repeat(101)]) {
      const reply = await get(`/search?q=${encodeURIComponent(q)}`, enEs);
      expect(reply.statusCode, q).toBe(400);
      expect(reply.json()).toMatchObject({
        code: 'validation_error',
        errors: [expect.objectContaining({ path: 'querystring.q' })],
      });
    }
    expect((await get('/search', enEs)).statusCode).toBe(400);
    expect((await get(`/search?q=${'x'.repeat(100)}`, enEs)).statusCode).toBe(200);
  });

  it('needs a signed-in learner (401)', async () => {
    expect((await get('/search?q=hello', {})).statusCode).toBe(401);
    expect((await get('/search?q=hello', { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
  });
});

describe('GET /search: people', () => {
  type Account = Awaited<ReturnType<typeof registerUser>>;
  async function person(fullName: string, profile: Record<string, unknown> = {}): Promise<Account> {
    const account = await registerUser(ctx.app, { full_name: fullName });
    const reply = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/profile',
      headers: account.bearer,
      payload: {
        target_language: 'de',
        proficiency: 'intermediate',
        learning_styles: ['visual'],
        profile_completed: true,
        ...profile,
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return account;
  }
  const people = (response: SearchResponse) => response.results.filter((r) => r.type === 'friend');
  async function put(url: string, headers: Headers, payload?: object) {
    const reply = await ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    expect(reply.statusCode, `${url}: ${reply.body}`).toBeLessThan(300);
  }

  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    alice = await person('Alice Quastleby');
    bob = await person('Zéphyrin Quastleby');
  });

  it('finds a learner by name, case, accents and a typo aside, with their course and whether I follow them', async () => {
    for (const q of ['zephyrin', 'ZÉPHYRIN QUAST', 'Zephirin', 'quastl']) {
      expect(
        people(await search(alice.bearer, q)).map((r) => r.id),
        q,
      ).toContain(bob.auth.user.id);
    }
    const [found] = people(await search(alice.bearer, 'Zéphyrin Quastleby'));
    expect(found).toEqual({
      id: bob.auth.user.id,
      title: 'Zéphyrin Quastleby',
      description: 'German',
      type: 'friend',
      difficulty: 'intermediate',
      language: 'de',
      is_following: false,
    });
    await put(`/users/me/following/${bob.auth.user.id}`, alice.bearer);
    expect(people(await search(alice.bearer, 'zephyrin'))[0]).toMatchObject({ id: bob.auth.user.id, is_following: true });
  });

  it('never finds the caller, a private profile, one not set up, or a learner blocked either way', async () => {
    const hidden = await person('Zéphyrin Private');
    await put('/users/me/preferences', hidden.bearer, { private_profile: true });
    // Signed up, profile never set up.
    await registerUser(ctx.app, { full_name: 'Zéphyrin Unfinished' });
    const blockedByMe = await person('Zéphyrin Blocked');
    const blocksMe = await person('Zéphyrin Blocker');
    const carol = await person('Carol Zephyrin');
    await put(`/users/me/blocks/${blockedByMe.auth.user.id}`, carol.bearer);
    await put(`/users/me/blocks/${carol.auth.user.id}`, blocksMe.bearer);
    const seen = people(await search(carol.bearer, 'zephyrin')).map((r) => r.title);
    expect(seen).toContain('Zéphyrin Quastleby');
    for (const name of ['Zéphyrin Private', 'Zéphyrin Unfinished', 'Zéphyrin Blocked', 'Zéphyrin Blocker', 'Carol Zephyrin']) {
      expect(seen, name).not.toContain(name);
    }
    // Someone else still finds the learners Carol blocked or who blocked Carol (a block is between two).
    const others = people(await search(alice.bearer, 'zephyrin')).map((r) => r.title);
    expect(others).toEqual(expect.arrayContaining(['Zéphyrin Blocked', 'Zéphyrin Blocker', 'Carol Zephyrin']));
    expect(others).not.toContain('Zéphyrin Private');
  });

  it('finds names with a word starting with a two-letter query, but not names it is only inside of', async () => {
    const ids = async (q: string) => people(await search(alice.bearer, q)).map((r) => r.id);
    expect(await ids('ZE')).toContain(bob.auth.user.id);
    // "Quastleby" is the second word of Zéphyrin's name; "as" is only inside it.
    expect(await ids('qu')).toContain(bob.auth.user.id);
    expect(await ids('as')).not.toContain(bob.auth.user.id);
    // From three letters, inside a word too.
    expect(await ids('astl')).toContain(bob.auth.user.id);
  });

  it('treats LIKE wildcards in a name query as text', async () => {
    expect(people(await search(alice.bearer, '%%'))).toEqual([]);
    expect(people(await search(alice.bearer, '__'))).toEqual([]);
  });
});

describe('the search index', () => {
  const count = async () => {
    const result = await ctx.database.handle.db.execute(sql`select count(*)::int as n from search_entries`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };

  it('is refilled once per content: replicas refilling together leave one copy of each entry', async () => {
    const repo = createSearchRepository(ctx.database.handle.db);
    const bank = (await import('@parla/content/load-content')).loadContentBank();
    const { entries, hash } = searchEntriesOf(bank);
    await repo.refillEntries(hash, entries);
    expect(await count()).toBe(entries.length);
    // Unchanged content: nothing to do.
    expect(await repo.refillEntries(hash, entries)).toBe(false);
    // Changed content (here: only some entries), 50 at once: exactly one refill, one copy.
    const fewer = entries.slice(0, 100);
    const refills = await Promise.all(Array.from({ length: 50 }, () => repo.refillEntries(`${hash}-next`, fewer)));
    expect(refills.filter(Boolean)).toHaveLength(1);
    expect(await count()).toBe(fewer.length);
    await repo.refillEntries(hash, entries);
    expect(await count()).toBe(entries.length);
  });
});
