import { join } from 'node:path';
import { loadContentBank } from '@parla/content/load-content';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';

interface Deck {
  due_count: number;
  next_due: string | null;
}

/** The Japanese word and its English meaning for every word of the content bank, both ways. */
function glossary() {
  const bank = loadContentBank();
  const pairs = [...bank.wordsById.values()].map((word) => ({ ja: word.forms.ja.text, en: word.forms.en.text }));
  return {
    /** What a question asks for: the Japanese for “hello”, or the English for “こんにちは”. */
    answersTo(question: string): string[] {
      const quoted = /“(.+)”/.exec(question)?.[1] ?? '';
      if (question.startsWith('How do you say')) return pairs.filter((pair) => pair.en === quoted).map((pair) => pair.ja);
      return pairs.filter((pair) => pair.ja === quoted).map((pair) => pair.en);
    },
  };
}

const xpOf = async (server: SiteServer, token: string) =>
  (await apiClient(server.url)<{ profile: { total_xp: number } }>('/users/me', 'GET', undefined, token)).profile.total_xp;

const deckOf = (server: SiteServer, token: string) =>
  apiClient(server.url)<Deck>('/review/users/me/spaced_repetition?limit=0', 'GET', undefined, token);

const statValue = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').first().textContent();

describe.runIf(hasChromium)('the review screen', () => {
  let server: SiteServer;
  let browser: Awaited<ReturnType<typeof openSite>>['browser'];

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a learner who finished a lesson reviews its words by keyboard, sees each word with its romaji and the summary', async () => {
    const email = 'reviewer@example.com';
    const token = await registerLearner(server, { email, fullName: 'Rei Reviewer', target: 'ja' });
    await takeLesson(server, token, 'greetings-1');
    // The lesson's words joined the deck: those it did not ask about are due at once, the others
    // when FSRS schedules them (a wrong answer: a minute later). Wait by the deck's own rules.
    await expect
      .poll(async () => (await deckOf(server, token)).due_count, { timeout: 90_000, interval: 2_000 })
      .toBeGreaterThan(0);
    const due = (await deckOf(server, token)).due_count;
    const xpBefore = await xpOf(server, token);

    const page = await signedInPage(browser, server, email);
    const problems = watchConsole(page);
    // The dashboard offers the words due, with their number.
    const entry = page.getByRole('link', { name: 'Review now' });
    await entry.waitFor({ timeout: 15_000 });
    const heading = (await page.locator('#review-due').textContent()) ?? '';
    expect(heading).toMatch(/^\d+ words? to review$/);
    expect(Number.parseInt(heading, 10)).toBeGreaterThanOrEqual(Math.min(due, 1));
    // Keyboard only from here on.
    await entry.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/app/review');
    await expect.poll(() => page.title()).toBe('Review · Parla');

    const words = glossary();
    const progress = page.getByText(/^Word \d+ of \d+$/);
    await progress.waitFor({ timeout: 15_000 });
    const total = Number(/of (\d+)$/.exec((await progress.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(0);
    for (let index = 1; index <= total; index++) {
      await expect.poll(() => page.getByText(`Word ${index} of ${total}`).isVisible()).toBe(true);
      const question = (await page.locator('#review-question').textContent()) ?? '';
      const options = page.getByRole('list', { name: 'Answer options' }).getByRole('button');
      const texts = (await options.allTextContents()).map((text) => text.replace(/^\d/, '').trim());
      const expected = words.answersTo(question);
      const choice = texts.findIndex((text) => expected.includes(text));
      expect(choice, `${question} → ${expected.join(' / ')} among ${texts.join(', ')}`).toBeGreaterThanOrEqual(0);
      await page.keyboard.press(String(choice + 1));

      const feedback = page.locator('section[aria-labelledby="review-feedback"]');
      await expect.poll(() => feedback.getByRole('heading', { name: 'Correct!' }).isVisible()).toBe(true);
      // The word in its script (marked Japanese) and its romanisation, read left to right.
      const script = (await feedback.locator('[lang="ja"]').first().textContent()) ?? '';
      expect(script).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(await feedback.locator('span[dir="ltr"]:not([lang])').first().textContent()).toMatch(
        /^\([\p{Script=Latin}\s'’-]+\)$/u,
      );
      if (index === 1) {
        // After the feedback's rise-in animation, so axe measures its final colours.
        await page.waitForTimeout(600);
        expect(await seriousAccessibilityViolations(page), 'axe on a question with its feedback').toEqual([]);
        await page.screenshot({ path: join(ARTIFACTS_DIR, 'review-feedback-1280.png') });
      }
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe(index === total ? 'Finish' : 'Next');
      await page.keyboard.press('Enter');
    }

    // The summary: every word remembered, the XP the ledger paid.
    const summary = page.getByRole('heading', { name: 'Review complete!' });
    await summary.waitFor({ timeout: 15_000 });
    expect(await page.getByText(`${total} of ${total} word${total === 1 ? '' : 's'} remembered`).isVisible()).toBe(true);
    const earned = Number(/\+(\d+) XP/.exec((await statValue(page, 'XP earned')) ?? '')?.[1]);
    expect(earned).toBeGreaterThan(0);
    expect(await xpOf(server, token)).toBe(xpBefore + earned);
    expect(await seriousAccessibilityViolations(page), 'axe on the summary').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'review-summary-1280.png') });

    // Every due word reviewed right: the next is minutes away, and the empty state says when.
    expect((await deckOf(server, token)).due_count).toBe(0);
    await page.goto(`${server.url}/app/review`);
    await page.getByRole('heading', { name: 'Nothing to review right now' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(/^Next word due in \d+ minutes?\./).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page), 'axe on the empty state').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'review-empty-1280.png') });
    // Nothing due: the dashboard has no review entry.
    await page.goto(`${server.url}/app`);
    await page.getByRole('link', { name: 'Start practice' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Review now' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('fits a phone in dark mode in the Arabic interface: Japanese words keep their own direction, axe clean', async () => {
    const email = 'reviewer-phone@example.com';
    const token = await registerLearner(server, { email, fullName: 'Pia Phone', target: 'ja', interfaceLanguage: 'ar' });
    await takeLesson(server, token, 'greetings-1');
    await expect
      .poll(async () => (await deckOf(server, token)).due_count, { timeout: 90_000, interval: 2_000 })
      .toBeGreaterThan(0);
    const page = await signedInPage(browser, server, email, { width: 390, colorScheme: 'dark' });
    await page.goto(`${server.url}/app/review`);
    await page.locator('#review-question').waitFor({ timeout: 15_000 });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => page.title()).toBe('المراجعة · Parla');
    await page.keyboard.press('1');
    const feedback = page.locator('section[aria-labelledby="review-feedback"]');
    await feedback.waitFor({ timeout: 15_000 });
    // The word keeps its own language and direction inside the right-to-left interface.
    expect(await feedback.locator('[lang="ja"]').first().getAttribute('dir')).toBe('ltr');
    await page.waitForTimeout(600);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAccessibilityViolations(page), 'axe at 390 px, dark, Arabic').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'review-feedback-390-dark-ar.png'), fullPage: true });
    await page.context().close();
  });
});
