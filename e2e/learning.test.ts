import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { registerLearner, signedInPage } from './support/learners';
import { ARTIFACTS_DIR, openSite, type SiteServer } from './support/site';

/** A learner who has finished setup (through the API), signed in through the form. */
async function signedInLearner(server: SiteServer, browser: Browser, email: string): Promise<Page> {
  await registerLearner(server, { email, fullName: 'Lea Keys' });
  return signedInPage(browser, server, email);
}

const FEEDBACK = /^(Correct!|Not quite)/;
const BANK_LABEL = 'Words to use';

const EXERCISES = 9;

/** The accessible name of the focused element (a switch is named by its <label>). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLButtonElement | null;
    return (active?.labels?.[0]?.textContent ?? active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim();
  });

/** Keyboard only: Shift+Tab until the element named `name` has the focus. */
async function tabBackTo(page: Page, name: string) {
  for (let press = 0; press < 10; press++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Shift+Tab');
  }
  throw new Error(`Could not reach "${name}" with Shift+Tab`);
}

/**
 * Answers one lesson's nine exercises with the keyboard alone; returns the exercise types seen.
 * Headless Chromium has no voices and no microphone: listening is switched off with "Can't listen
 * now", and the speaking item takes the real fallback (the recogniser is refused) and its Skip.
 */
async function answerWithKeyboard(
  page: Page,
  optionKey: string,
  onScreen?: (what: 'feedback' | 'listening' | 'speaking') => Promise<void>,
): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let exercise = 1; exercise <= EXERCISES; exercise++) {
    await expect.poll(() => page.getByText(`Exercise ${exercise} of ${EXERCISES}`).isVisible()).toBe(true);
    if (await page.getByRole('button', { name: 'Play' }).isVisible()) {
      seen.add('listening');
      if (!seen.has('checked listening')) await onScreen?.('listening');
      seen.add('checked listening');
      // The focus starts on Play; the switch sits above it. Turning it on skips the item.
      await tabBackTo(page, "Can't listen now");
      await page.keyboard.press('Space');
      continue;
    }
    if (await page.getByText('Say this sentence out loud').isVisible()) {
      seen.add('speaking');
      // The microphone has the focus: Enter asks the browser to listen, which it refuses here.
      if (await page.getByRole('button', { name: 'Start speaking' }).isVisible()) await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('button', { name: 'Skip' }).isVisible()).toBe(true);
      await expect.poll(() => focusedName(page)).toBe('Skip');
      await onScreen?.('speaking');
      await page.keyboard.press('Enter');
      continue;
    }
    if (await page.getByLabel('Your answer').isVisible()) {
      seen.add('fill-blank');
      await page.keyboard.type('nope');
      await page.keyboard.press('Enter');
    } else if (await page.getByText('Pick the words in order. Backspace removes the last one.').isVisible()) {
      seen.add('word-order');
      // Focus starts on the first word; each Enter places the focused word and moves on; once
      // every slot is filled the focus is on Check, and one more Enter checks.
      const words = await page.getByRole('list', { name: BANK_LABEL }).getByRole('button').count();
      for (let press = 0; press < words; press++) await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Check');
      await page.keyboard.press('Enter');
    } else {
      seen.add('multiple-choice');
      await page.keyboard.press(optionKey);
    }
    await expect.poll(() => page.getByText(FEEDBACK).first().isVisible()).toBe(true);
    if (!seen.has('checked feedback')) await onScreen?.('feedback');
    seen.add('checked feedback');
    await page.keyboard.press('Enter');
  }
  seen.delete('checked feedback');
  seen.delete('checked listening');
  return seen;
}

const statValue = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').first().textContent();

describe.runIf(hasChromium)('learning in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new learner finishes a whole lesson with the keyboard only; the dashboard shows the XP, streak 1 and lessons 1', async () => {
    const page = await signedInLearner(server, browser, 'keys@example.com');
    const problems = watchConsole(page);
    await page.goto(`${server.url}/app/lesson/greetings-1`);

    const seen = await answerWithKeyboard(page, '1', async (what) => {
      // The feedback panel fades in; axe must judge its colours after the animation.
      if (what === 'feedback') await page.waitForTimeout(700);
      expect(await seriousAccessibilityViolations(page), `axe on the ${what} screen`).toEqual([]);
      if (what !== 'feedback') await page.screenshot({ path: join(ARTIFACTS_DIR, `lesson-${what}.png`) });
    });
    expect([...seen].sort()).toEqual(['fill-blank', 'listening', 'multiple-choice', 'speaking', 'word-order']);

    await expect.poll(() => page.getByRole('heading', { name: 'Lesson complete!' }).isVisible()).toBe(true);
    // The numbers are the ones the server stored, recorded with the last item.
    await expect.poll(() => statValue(page, 'XP earned')).toMatch(/^\+\d+$/);
    const earned = Number((await statValue(page, 'XP earned'))?.replace(/\D/g, ''));
    expect(earned).toBeGreaterThanOrEqual(10);
    // The two audio items were skipped: they count neither way.
    expect(await page.getByText('Skipped (not counted): 2').isVisible()).toBe(true);
    expect(await statValue(page, 'Correct')).toMatch(/^\d\/7$/);
    for (let press = 0; press < 6; press++) {
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused.trim() === 'Continue') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL('**/app');

    await expect.poll(() => statValue(page, 'Lessons')).toBe('1');
    expect(await statValue(page, 'Day streak')).toBe('1');
    expect(await page.getByText(`${earned} XP`).first().isVisible()).toBe(true);
    const progress = page.getByRole('progressbar', { name: 'Progress to the next level' });
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBe(earned);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a learner who leaves the summary with Back, never pressing Continue, keeps the lesson: the dashboard shows its XP and 1 lesson', async () => {
    const page = await signedInLearner(server, browser, 'back@example.com');
    const problems = watchConsole(page);
    // Started from the dashboard, as a learner does: Back then returns to a dashboard the app read
    // before the lesson (0 XP), which must not be what it shows afterwards.
    await expect.poll(() => statValue(page, 'Lessons')).toBe('0');
    await page.locator('a[href^="/app/lesson/"]').first().click();
    await page.waitForURL('**/app/lesson/**');
    await answerWithKeyboard(page, '1');

    await expect.poll(() => page.getByRole('heading', { name: 'Lesson complete!' }).isVisible()).toBe(true);
    await expect.poll(() => statValue(page, 'XP earned')).toMatch(/^\+\d+$/);
    const earned = Number((await statValue(page, 'XP earned'))?.replace(/\D/g, ''));
    expect(earned).toBeGreaterThanOrEqual(10);
    // The summary rises in; axe must judge its colours after the animation.
    await page.waitForTimeout(700);
    expect(await seriousAccessibilityViolations(page), 'axe on the summary').toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'lesson-summary.png') });

    await page.goBack();
    await page.waitForURL('**/app');
    await expect.poll(() => statValue(page, 'Lessons')).toBe('1');
    expect(await page.getByText(`${earned} XP`).first().isVisible()).toBe(true);
    const progress = page.getByRole('progressbar', { name: 'Progress to the next level' });
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBe(earned);

    // A fresh page load reads the same from the server: the lesson is stored, not just shown.
    await page.reload();
    await expect.poll(() => statValue(page, 'Lessons')).toBe('1');
    expect(await page.getByText(`${earned} XP`).first().isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a lesson opened by its address and left from the summary with Back is stored too', async () => {
    const page = await signedInLearner(server, browser, 'address@example.com');
    await page.goto(`${server.url}/app/lesson/greetings-1`);
    await answerWithKeyboard(page, '2');
    await expect.poll(() => statValue(page, 'XP earned')).toMatch(/^\+\d+$/);
    const earned = Number((await statValue(page, 'XP earned'))?.replace(/\D/g, ''));

    // Back crosses a page load here: the dashboard comes from the browser's history, not the app's.
    await page.goBack();
    await page.waitForURL('**/app');
    await expect.poll(() => statValue(page, 'Lessons')).toBe('1');
    expect(await page.getByText(`${earned} XP`).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('runs a quick practice with one question timed out', async () => {
    const page = await signedInLearner(server, browser, 'quick@example.com');
    await page.clock.install();
    await page.goto(`${server.url}/app/practice`);
    await expect.poll(() => page.getByText('Question 1 of 5').isVisible()).toBe(true);
    await page.keyboard.press('1');
    await expect
      .poll(() =>
        page
          .getByText(/^(Correct!|Not quite\.)$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('Enter');

    await expect.poll(() => page.getByText('Question 2 of 5').isVisible()).toBe(true);
    await page.clock.runFor(31_000);
    await expect.poll(() => page.getByText("Time's up!").isVisible()).toBe(true);
    await page.keyboard.press('Enter');

    for (let question = 3; question <= 5; question++) {
      await expect.poll(() => page.getByText(`Question ${question} of 5`).isVisible()).toBe(true);
      await page.keyboard.press('1');
      await expect
        .poll(() =>
          page
            .getByText(/^(Correct!|Not quite\.)$/)
            .first()
            .isVisible(),
        )
        .toBe(true);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.getByRole('heading', { name: 'Practice complete!' }).isVisible()).toBe(true);
    expect(await page.getByText(/of 5 correct/).isVisible()).toBe(true);
    expect(await page.getByText(/^\+\d+ XP$/).isVisible()).toBe(true);
    await page.context().close();
  });

  it('keeps each course’s progress when switching course and back', async () => {
    const page = await signedInLearner(server, browser, 'switch@example.com');
    await page.goto(`${server.url}/app/lesson/greetings-1`);
    await answerWithKeyboard(page, '2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/app');
    await expect.poll(() => page.getByRole('heading', { name: 'Continue learning' }).isVisible()).toBe(true);
    // The finished lesson is no longer among the next ones: it waits in the review list.
    const finishedOnlyInReview = async () =>
      (await page.getByText('Hello and goodbye').count()) === 1 &&
      (await page.getByRole('list', { name: 'Review finished lessons' }).getByText('Hello and goodbye').count()) === 1;
    expect(await finishedOnlyInReview()).toBe(true);

    const switchTo = async (language: RegExp) => {
      await page.goto(`${server.url}/app/languages`);
      await page.locator('label').filter({ hasText: language }).first().click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL('**/app');
    };
    await switchTo(/Japanese/);
    await expect.poll(() => page.getByText('Hello and goodbye').isVisible()).toBe(true);
    await switchTo(/Spanish/);
    await expect.poll(() => page.getByText('How are you?').first().isVisible()).toBe(true);
    expect(await finishedOnlyInReview()).toBe(true);
    await page.context().close();
  });
});
