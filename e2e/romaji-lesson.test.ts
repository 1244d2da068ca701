import { join } from 'node:path';
import { loadContentBank } from '@parla/content/load-content';
import { maskWord } from '@parla/shared/answers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { registerLearner, signedInPage } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';

const EXERCISES = 9;
const FEEDBACK = /^(Correct!|Not quite)/;

/** A new learner of Japanese (signed up and set up through the API), signed in through the form. */
async function japaneseLearner(server: SiteServer, browser: Browser, email: string): Promise<Page> {
  await registerLearner(server, { email, fullName: 'Kenji Keys', target: 'ja' });
  return signedInPage(browser, server, email);
}

/**
 * The romaji a learner with only a Latin keyboard types for a blank: the token's romanisation
 * from the content bank, long vowels written "ou"/"uu"/doubled (ohayō → ohayou).
 */
function romajiFor(context: string): { script: string; roman: string; romaji: string } {
  const bank = loadContentBank();
  for (const sentence of bank.sentencesById.values()) {
    const form = sentence.forms.ja as typeof sentence.forms.ja & { tokens_roman?: string[] };
    if (form.blank === undefined) continue;
    const token = form.tokens[form.blank] ?? '';
    if (form.text.replace(token, maskWord(token, 'ja')) !== context) continue;
    const roman = form.tokens_roman?.[form.blank];
    if (!roman) throw new Error(`No romanisation of ${token} in the content bank`);
    const romaji = roman
      .replaceAll('ō', 'ou')
      .replaceAll('ū', 'uu')
      .replaceAll('ā', 'aa')
      .replaceAll('ē', 'ee')
      .replaceAll('ī', 'ii');
    return { script: token, roman, romaji };
  }
  throw new Error(`No sentence reads "${context}"`);
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLButtonElement | null;
    return (active?.labels?.[0]?.textContent ?? active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim();
  });

/** Keyboard only: Shift+Tab (or Tab) until the element named `name` has the focus. */
async function tabTo(page: Page, name: string, key: 'Tab' | 'Shift+Tab' = 'Shift+Tab') {
  for (let press = 0; press < 12; press++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Could not reach "${name}" with ${key}`);
}

const statValue = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').first().textContent();

describe.runIf(hasChromium)('a Japanese lesson without a Japanese keyboard', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a learner answers every item by keyboard only, the blanks typed in romaji, and reaches the summary', async () => {
    const page = await japaneseLearner(server, browser, 'romaji@example.com');
    const problems = watchConsole(page);
    // No mouse from here on: Tab, Shift+Tab, Enter, Space and typing.
    await page.goto(`${server.url}/app/lesson/greetings-1`);

    let blanks = 0;
    for (let exercise = 1; exercise <= EXERCISES; exercise++) {
      await expect.poll(() => page.getByText(`Exercise ${exercise} of ${EXERCISES}`).isVisible()).toBe(true);
      if (await page.getByRole('button', { name: 'Play' }).isVisible()) {
        // Headless Chromium has no voices: "Can't listen now" skips the item.
        await tabTo(page, "Can't listen now");
        await page.keyboard.press('Space');
        continue;
      }
      if (await page.getByText('Say this sentence out loud').isVisible()) {
        if (await page.getByRole('button', { name: 'Start speaking' }).isVisible()) await page.keyboard.press('Enter');
        await expect.poll(() => page.getByRole('button', { name: 'Skip' }).isVisible()).toBe(true);
        await expect.poll(() => focusedName(page)).toBe('Skip');
        await page.keyboard.press('Enter');
        continue;
      }
      if (await page.getByLabel('Your answer').isVisible()) {
        blanks += 1;
        const context = (await page.locator('form p[lang="ja"]').first().textContent()) ?? '';
        const { script, roman, romaji } = romajiFor(context.trim());
        // The word bank is there for those who cannot type the script; the switch shows its romaji.
        const bank = page.getByRole('list', { name: 'Word bank' });
        expect(await bank.getByRole('button').count()).toBeGreaterThanOrEqual(4);
        expect(await bank.getByRole('button', { name: script, exact: false }).count()).toBeGreaterThanOrEqual(1);
        await expect.poll(() => focusedName(page)).toBe('Your answer');
        if (blanks === 1) {
          await tabTo(page, 'Show romanisation');
          await page.keyboard.press('Space');
          await tabTo(page, 'Your answer', 'Tab');
          expect(await bank.locator('span[dir="ltr"]').count()).toBeGreaterThanOrEqual(4);
          await page.waitForTimeout(300);
          expect(await seriousAccessibilityViolations(page), 'axe on the fill-in with its word bank').toEqual([]);
          await page.screenshot({ path: join(ARTIFACTS_DIR, 'romaji-fill-blank.png') });
        }
        await page.keyboard.type(romaji);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByText('Correct! In the script:').isVisible()).toBe(true);
        // The feedback gives the answer in the script and its romanisation.
        const feedback = page.locator('section[aria-labelledby="lesson-feedback-title"]');
        expect(await feedback.locator('[lang="ja"]').first().textContent()).toBe(script);
        expect(await feedback.textContent()).toContain(`${script} (${roman})`);
      } else if (await page.getByText('Pick the words in order. Backspace removes the last one.').isVisible()) {
        const words = await page.getByRole('list', { name: 'Words to use' }).getByRole('button').count();
        for (let press = 0; press < words; press++) await page.keyboard.press('Enter');
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Check');
        await page.keyboard.press('Enter');
      } else {
        await page.keyboard.press('1');
      }
      await expect.poll(() => page.getByText(FEEDBACK).first().isVisible()).toBe(true);
      await page.keyboard.press('Enter');
    }
    expect(blanks).toBe(2);

    await expect.poll(() => page.getByRole('heading', { name: 'Lesson complete!' }).isVisible()).toBe(true);
    await expect.poll(() => statValue(page, 'XP earned')).toMatch(/^\+\d+$/);
    // Both blanks answered in romaji count as correct.
    const correct = Number((await statValue(page, 'Correct'))?.split('/')[0]);
    expect(correct).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
