import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, PASSWORD, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';
import { strings, text } from './support/strings';

// Issue 16, two learners in two browsers: A finds B by name and follows; B is told and follows
// back; they exchange a message; each sees both on the friends board in XP order; A finds a lesson
// and starts it from the result, downloads the export holding A's lessons, deletes the account and
// cannot sign in again. Axe on every screen; a phone and a desktop, and the friends screen in Arabic.
const en = strings('en');
const ar = strings('ar');
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(ARTIFACTS_DIR, `friends-${name}.png`), fullPage });
const fits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

interface Board {
  items: { user_id: string; name: string; total_xp: number; is_me: boolean }[];
}

async function learner(server: SiteServer, role: string, stamp: string, options: { interfaceLanguage?: string } = {}) {
  const email = `friends-${role}-${stamp}@example.com`;
  const name = `${role === 'a' ? 'Ana Amity' : role === 'b' ? 'Ben Bond' : 'Rana Rahal'} ${stamp}`;
  const token = await registerLearner(server, { email, fullName: name, ...options });
  const me = await apiClient(server.url)<{ user: { id: string } }>('/users/me', 'GET', undefined, token);
  return { email, name, token, id: me.user.id };
}

/** The friends board's rows, in order, as the page shows them. */
async function boardNames(page: Page): Promise<string[]> {
  const board = page.getByRole('list', { name: text(en, 'friends.board.friendsLabel') });
  await board.waitFor({ timeout: 15_000 });
  return board.getByRole('listitem').allTextContents();
}

async function expectAxeClean(page: Page, what: string) {
  expect(await seriousAccessibilityViolations(page), `axe: ${what}`).toEqual([]);
}

describe.runIf(hasChromium)('friends, messages and leaving, two learners in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('follow, notification, follow back, messages both ways, the board in XP order, a lesson from search, export and deletion', async () => {
    const stamp = `${Date.now()}`;
    const a = await learner(server, 'a', stamp);
    const b = await learner(server, 'b', stamp);
    // B finishes a lesson (XP, and a place in this week's league); A starts one and stops halfway
    // (the free plan has one lesson a day, and A starts another from the search below).
    let item = 0;
    await takeLesson(server, a.token, 'greetings-1', () => item++ === 2);
    await takeLesson(server, b.token, 'greetings-1');

    const pageA = await signedInPage(browser, server, a.email, { width: 1280 });
    const pageB = await signedInPage(browser, server, b.email, { width: 390, colorScheme: 'dark' });
    const problemsA = watchConsole(pageA);
    const problemsB = watchConsole(pageB);

    // A finds B by name with the header search and opens B's card from the result.
    const search = pageA.getByRole('search', { name: text(en, 'search.label') });
    await search.getByRole('searchbox', { name: text(en, 'search.label') }).fill(b.name);
    const person = search.getByRole('link', { name: new RegExp(stamp) });
    await person.waitFor({ timeout: 15_000 });
    await person.click();
    await pageA.waitForURL(`**/app/friends?learner=${b.id}`);
    const cardOfB = pageA.getByRole('dialog', { name: b.name });
    await cardOfB.waitFor({ timeout: 15_000 });
    await expectAxeClean(pageA, 'a learner card');
    await shot(pageA, 'card-1280');
    await cardOfB.getByRole('button', { name: `${text(en, 'friends.follow')} ${b.name}` }).click();
    await cardOfB
      .getByRole('button', { name: `${text(en, 'friends.following')} ${b.name}`, pressed: true })
      .waitFor({ timeout: 15_000 });
    // Not following each other yet: no message button, and the card says why.
    await cardOfB.getByText(text(en, 'friends.card.mutualOnly')).waitFor();
    await pageA.keyboard.press('Escape');
    await cardOfB.waitFor({ state: 'hidden' });

    // B is told: the bell counts the unread notifications (B's lesson earned achievements too); one says who followed.
    await pageB.goto(`${server.url}/app`);
    const bell = pageB.getByRole('button', { name: /Notifications, \d+ unread/ });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    const told = pageB
      .getByRole('dialog')
      .getByText(text(en, 'dashboard.notifications.followed.message').replace('{name}', a.name));
    await told.waitFor({ timeout: 15_000 });
    await shot(pageB, 'notification-390-dark');

    // B follows back from A's card.
    await pageB.goto(`${server.url}/app/friends?learner=${a.id}`);
    const cardOfA = pageB.getByRole('dialog', { name: a.name });
    await cardOfA.getByText(text(en, 'friends.followsYou')).waitFor({ timeout: 15_000 });
    await cardOfA.getByRole('button', { name: `${text(en, 'friends.follow')} ${a.name}` }).click();
    await cardOfA.getByRole('link', { name: `${text(en, 'friends.message')} ${a.name}` }).waitFor({ timeout: 15_000 });
    await pageB.keyboard.press('Escape');

    // A's friends: B follows back, so the message button is there; it opens the conversation.
    await pageA.goto(`${server.url}/app/friends`);
    await pageA.getByRole('tab', { name: 'My friends (1)', selected: true }).waitFor({ timeout: 15_000 });
    const rowOfB = pageA.getByRole('listitem').filter({ hasText: b.name });
    await rowOfB.getByText(text(en, 'friends.followsYou')).waitFor();
    await fits(pageA, 1280);
    await expectAxeClean(pageA, 'my friends');
    await shot(pageA, 'my-friends-1280');
    await rowOfB.getByRole('link', { name: `${text(en, 'friends.message')} ${b.name}` }).click();
    await pageA.waitForURL(`**/app/messages/${b.id}`);
    const composerA = pageA.getByRole('textbox', { name: text(en, 'messages.composer.label') });
    await composerA.fill('¡Hola Ben! ¿Practicamos juntos?');
    await pageA.getByRole('button', { name: text(en, 'messages.composer.send') }).click();
    await pageA.getByText('¡Hola Ben! ¿Practicamos juntos?').waitFor({ timeout: 15_000 });
    await expectAxeClean(pageA, 'a conversation');

    // B opens the conversation from the list, reads it and answers.
    await pageB.goto(`${server.url}/app/messages`);
    await pageB.getByText('¡Hola Ben! ¿Practicamos juntos?').first().waitFor({ timeout: 15_000 });
    await fits(pageB, 390);
    await expectAxeClean(pageB, 'the conversation list');
    await pageB
      .getByRole('link', { name: new RegExp(a.name) })
      .first()
      .click();
    await pageB.waitForURL(`**/app/messages/${a.id}`);
    await pageB.getByRole('textbox', { name: text(en, 'messages.composer.label') }).fill('¡Claro, Ana!');
    await pageB.keyboard.press('Enter');
    await pageB.getByText('¡Claro, Ana!').waitFor({ timeout: 15_000 });
    await fits(pageB, 390);
    await shot(pageB, 'conversation-390-dark');

    // A sees the answer arrive in the open conversation.
    await pageA.getByText('¡Claro, Ana!').waitFor({ timeout: 30_000 });
    await shot(pageA, 'conversation-1280');

    // Both boards: the two of them, by XP, B first with the trophy; "You" on one's own row.
    const board = await apiClient(server.url)<Board>('/users/leaderboard?scope=friends', 'GET', undefined, a.token);
    expect(board.items.map((row) => row.user_id)).toEqual([b.id, a.id]);
    for (const [page, me, width] of [
      [pageA, a, 1280],
      [pageB, b, 390],
    ] as const) {
      await page.goto(`${server.url}/app/friends?tab=leaderboard`);
      const rows = await boardNames(page);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain(b.name);
      expect(rows[1]).toContain(a.name);
      const mine = page.getByRole('listitem').filter({ hasText: me.name });
      expect(await mine.getAttribute('aria-current')).toBe('true');
      expect(await mine.textContent()).toContain(text(en, 'friends.board.you'));
      await page.getByRole('img', { name: text(en, 'friends.board.first') }).waitFor();
      await fits(page, width);
      await expectAxeClean(page, `the friends board at ${width}`);
      await shot(page, `board-${width}`);
      // This week's league, with its tier and the days left: B earned XP this week and is placed in a
      // cohort; A has not yet, and is told how to join.
      await page.getByRole('button', { name: text(en, 'friends.board.league') }).click();
      await page.getByRole('heading', { name: /League/ }).waitFor({ timeout: 15_000 });
      if (me === b) await page.getByRole('listitem').filter({ hasText: me.name }).first().waitFor();
      else await page.getByText(text(en, 'friends.league.notPlaced')).waitFor();
      await fits(page, width);
      await expectAxeClean(page, `the league at ${width}`);
      await shot(page, `league-${width}`);
      await page.getByRole('tab', { name: /^Suggestions/ }).click();
      await expectAxeClean(page, `suggestions at ${width}`);
    }

    // A finds a lesson with the search and starts it from the result.
    await pageA.goto(`${server.url}/app`);
    const box = search.getByRole('searchbox', { name: text(en, 'search.label') });
    await box.fill('Hello and goodbye');
    const lesson = search.getByRole('link', { name: /Hello and goodbye/ }).first();
    await lesson.waitFor({ timeout: 15_000 });
    await lesson.click();
    await pageA.waitForURL('**/app/lesson/greetings-1', { timeout: 15_000 });

    // A downloads everything stored about them: the file holds A's lesson.
    await pageA.goto(`${server.url}/app/settings`);
    const data: Locator = pageA.getByRole('region', { name: text(en, 'settings.dataRights.title') });
    await data.waitFor({ timeout: 15_000 });
    const downloading = pageA.waitForEvent('download');
    await data.getByRole('button', { name: text(en, 'settings.dataRights.download') }).click();
    const download = await downloading;
    const file = join(mkdtempSync(join(tmpdir(), 'parla-friends-export-')), download.suggestedFilename());
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported.lesson_sessions.map((session: { lesson_id: string }) => session.lesson_id)).toContain('greetings-1');

    // A deletes the account with the password and cannot sign in again; B's board is B alone.
    await data.getByRole('button', { name: text(en, 'settings.dataRights.delete') }).click();
    const dialog = pageA.getByRole('dialog', { name: text(en, 'settings.dataRights.deleteTitle') });
    await dialog.getByLabel(text(en, 'settings.dataRights.password')).fill(PASSWORD);
    await dialog.getByRole('button', { name: text(en, 'settings.dataRights.confirm') }).click();
    await pageA.waitForURL('**/login', { timeout: 15_000 });
    await pageA.locator('input[type="email"]').fill(a.email);
    await pageA.locator('input[type="password"]').first().fill(PASSWORD);
    await pageA.keyboard.press('Enter');
    await pageA.getByText(text(en, 'auth.errors.invalidCredentials')).waitFor({ timeout: 15_000 });
    const after = await apiClient(server.url)<Board>('/users/leaderboard?scope=friends', 'GET', undefined, b.token);
    expect(after.items.map((row) => row.user_id)).toEqual([b.id]);

    // The browsers saw only the refusals they asked for (the deleted account's sign-in).
    expect(problemsA.filter((problem) => !/\b(401)\b/.test(problem))).toEqual([]);
    expect(problemsB).toEqual([]);
    await pageA.context().close();
    await pageB.context().close();
  });

  it('shows the friends screen right to left in Arabic, on a phone and a desktop', async () => {
    const stamp = `${Date.now()}`;
    const rana = await learner(server, 'r', stamp, { interfaceLanguage: 'ar' });
    const ben = await learner(server, 'b', `${stamp}ar`);
    await takeLesson(server, rana.token, 'greetings-1');
    const call = apiClient(server.url);
    await call(`/users/me/following/${ben.id}`, 'PUT', undefined, rana.token);
    await call(`/users/me/following/${rana.id}`, 'PUT', undefined, ben.token);
    for (const width of [390, 1280]) {
      const page = await signedInPage(browser, server, rana.email, { width });
      await page.goto(`${server.url}/app/friends`);
      await page.waitForFunction(() => document.documentElement.dir === 'rtl', undefined, { timeout: 15_000 });
      await page.getByRole('link', { name: ben.name, exact: true }).waitFor({ timeout: 15_000 });
      await fits(page, width);
      await expectAxeClean(page, `Arabic friends at ${width}`);
      await shot(page, `ar-friends-${width}`);
      await page.getByRole('tab', { name: text(ar, 'friends.tabs.leaderboard') }).click();
      await page.getByRole('button', { name: text(ar, 'friends.board.league') }).click();
      await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 15_000 });
      await fits(page, width);
      await expectAxeClean(page, `Arabic league at ${width}`);
      await shot(page, `ar-league-${width}`);
      await page.context().close();
    }
  });
});
