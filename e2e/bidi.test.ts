import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, watchConsole } from './support/browser';
import { apiClient, registerLearner, signedInPage, takeLesson } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';

// Issue 14, point 4: content keeps its own direction inside an interface of the other one. In the
// Arabic and Hebrew interfaces an English lesson title must read "How are you?", not "?How are you";
// in the English interface an Arabic sentence must read right to left with its "!" at its left end.

interface Rendered {
  /** The resolved direction of the element holding the text. */
  direction: string;
  /** Where the text's last character is drawn, relative to the one before it. */
  lastCharacter: 'after' | 'before';
}

/**
 * How the page draws `text` (a whole text node's content, or its end): the direction the browser
 * resolved for it, and whether its final character (a "?" or "!") is drawn after the letter before
 * it in reading order — right of it for left-to-right text, left of it for right-to-left text.
 */
function rendered(page: Page, text: string): Promise<Rendered | null> {
  return page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      const at = node.data.lastIndexOf(wanted);
      if (at < 0 || !node.parentElement || node.parentElement.getClientRects().length === 0) continue;
      const end = at + wanted.length;
      const box = (start: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + 1);
        return range.getBoundingClientRect();
      };
      const direction = getComputedStyle(node.parentElement).direction;
      const last = box(end - 1);
      const before = box(end - 2);
      const drawnRight = last.left >= before.right - 1;
      const after = direction === 'rtl' ? !drawnRight : drawnRight;
      return { direction, lastCharacter: after ? 'after' : 'before' } as const;
    }
    return null;
  }, text);
}

async function expectLeftToRight(page: Page, text: string) {
  await expect.poll(() => rendered(page, text), { message: text }).not.toBeNull();
  expect(await rendered(page, text), text).toEqual({ direction: 'ltr', lastCharacter: 'after' });
}

describe.runIf(hasChromium)('bidirectional text in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ['ar', 'he'] as const) {
    it(`keeps English content readable in the ${language === 'ar' ? 'Arabic' : 'Hebrew'} interface`, async () => {
      const email = `bidi-${language}@example.com`;
      const token = await registerLearner(server, { email, target: 'es', interfaceLanguage: language });
      const lessons = await apiClient(server.url)<{ units: { lessons: { id: string; title: string; description: string }[] }[] }>(
        '/lessons?language=es',
        'GET',
        undefined,
        token,
      );
      const [first, second] = lessons.units[0]?.lessons ?? [];
      if (!first || !second) throw new Error('The course has no first unit');
      expect(second.title).toMatch(/\?$/);

      const page = await signedInPage(browser, server, email, { width: 390 });
      const problems = watchConsole(page);
      // The profile's language applies once the session has loaded it.
      await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');

      // The course map: titles, descriptions and the unit's words.
      await page.goto(`${server.url}/app/learn`);
      await expectLeftToRight(page, second.title);
      await expectLeftToRight(page, first.description);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `bidi-${language}-course-map.png`), fullPage: true });

      // The dashboard's next lessons.
      await page.goto(`${server.url}/app`);
      await expectLeftToRight(page, first.description);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `bidi-${language}-dashboard.png`), fullPage: true });

      // The lesson player: the server has no Arabic or Hebrew texts, so the prompt is English.
      const item = await takeLesson(server, token, first.id, (exercise) => /\?$/.test(exercise.content.prompt ?? ''));
      const prompt = item?.content.prompt ?? '';
      await page.goto(`${server.url}/app/lesson/${first.id}`);
      await expectLeftToRight(page, prompt);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `bidi-${language}-lesson.png`) });
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  it('keeps an Arabic sentence right to left in the English interface', async () => {
    const email = 'bidi-en-ar@example.com';
    const token = await registerLearner(server, { email, target: 'ar', interfaceLanguage: 'en' });
    const call = apiClient(server.url);
    // The sentence's end after the blank: Arabic letters, then its closing punctuation. The lesson
    // draws two of its sentences at random for fill-ins, and one of them may hide its last word
    // (leaving only "!"), so the item chosen is one whose end after the blank is Arabic text.
    const arabicTail = (context: string) => context.split(/_+/).pop()?.trim() ?? '';
    const fillIn = await takeLesson(
      server,
      token,
      'greetings-1',
      (exercise) => exercise.type === 'fill-blank' && /[\u0600-\u06ff][!.؟?]$/u.test(arabicTail(exercise.content.context ?? '')),
    );
    const tail = arabicTail(fillIn?.content.context ?? '');
    expect(tail).toMatch(/[\u0600-\u06ff][!.؟?]$/u);

    const page = await signedInPage(browser, server, email, { width: 1280 });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/app/lesson/greetings-1`);
    await expect.poll(() => rendered(page, tail), { message: tail }).not.toBeNull();
    expect(await rendered(page, tail)).toEqual({ direction: 'rtl', lastCharacter: 'after' });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'bidi-en-arabic-sentence.png') });

    // The course map's Arabic words keep their direction too.
    await page.goto(`${server.url}/app/learn`);
    const map = await call<{ units: { words: { text: string }[] }[] }>('/lessons?language=ar', 'GET', undefined, token);
    const word = map.units[0]?.words.find((entry) => [...entry.text].length >= 2)?.text ?? '';
    await page.locator('details summary').first().click();
    await expect.poll(async () => (await rendered(page, word))?.direction, { message: word }).toBe('rtl');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
