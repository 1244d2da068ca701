import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../packages/shared/src/texts/server-texts';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { newPage, openSite, type SiteServer, selectLanguage } from './support/site';
import { strings } from './support/strings';

// Issue 14, point 3: one language per screen. Every browser here says it prefers English.
const PASSWORD = 'violet-harbour-42';
const [en, fr, de, es] = ['en', 'fr', 'de', 'es'].map(strings) as [
  Record<string, string>,
  Record<string, string>,
  Record<string, string>,
  Record<string, string>,
];
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const navigation = (page: Page) => page.locator('nav').first();

/** The sign-up form, by field purpose: whatever language it speaks. */
async function signUp(page: Page, server: SiteServer, email: string) {
  await page.goto(`${server.url}/signup`);
  await page.locator('input[autocomplete="name"]').fill('Camille Martin');
  await page.locator('input[autocomplete="email"]').fill(email);
  const passwords = page.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL('**/setup');
}

/** Setup with a native language, Spanish as the course; the buttons in the interface's language `ui`. */
async function setUp(page: Page, native: string, ui: Record<string, string>) {
  const tile = (name: string | RegExp) => page.locator('label').filter({ hasText: name });
  await tile(native).click();
  await page.getByRole('button', { name: ui['setup.continue'] }).click();
  await tile(/Spanish|Español|Espagnol/)
    .first()
    .click();
  await page.getByRole('button', { name: ui['setup.continue'] }).click();
  await tile(ui['setup.level.beginner'] ?? '').click();
  await page.getByRole('button', { name: ui['setup.continue'] }).click();
  await tile(ui['setup.styles.reading'] ?? '').click();
  await page.getByRole('button', { name: ui['setup.complete'] }).click();
  await page.waitForURL('**/app');
}

describe.runIf(hasChromium)('the interface language in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('setup’s native language sets it everywhere; the account menu changes it for good, on every device', async () => {
    const page = await newPage(browser, { consent: true });
    const problems = watchConsole(page);
    await signUp(page, server, 'camille@example.com');
    expect(await htmlLang(page)).toBe('en');
    await setUp(page, 'Français', en);

    // The whole app speaks French: navigation, title, buttons…
    await expect.poll(() => htmlLang(page)).toBe('fr');
    await expect.poll(() => page.title()).toBe(`${fr['title.dashboard']} · Parla`);
    expect(await navigation(page).getByRole('link', { name: fr['nav.home'] }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: new RegExp(fr['dashboard.menu.open'] ?? '') }).waitFor();
    expect(await page.getByText(en['nav.home'] ?? '', { exact: true }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // …and so do the lesson's instructions, which come from the server.
    await page.goto(`${server.url}/app/lesson/greetings-1`);
    const first = (fr['lesson.progress.value'] ?? '').replace('{done}', '1').replace('{total}', '9');
    await expect.poll(() => page.getByText(first).isVisible(), { timeout: 15_000 }).toBe(true);
    const instructions = ['exercise.choose', 'exercise.fill', 'exercise.order', 'exercise.listen', 'exercise.speak'] as const;
    const french = instructions.map((key) => String(SERVER_TEXTS.fr[key]));
    const shown = await page.locator('main').innerText();
    expect(french.some((instruction) => shown.includes(instruction))).toBe(true);
    expect(instructions.some((key) => shown.includes(String(SERVER_TEXTS.en[key])))).toBe(false);

    // The account menu changes it at once, everywhere, and it survives a reload.
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: new RegExp(fr['dashboard.menu.open'] ?? '') }).click();
    const select = page.getByRole('combobox', { name: fr['i18n.select.label'] });
    await select.waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await select.selectOption('de');
    await expect.poll(() => htmlLang(page)).toBe('de');
    await expect.poll(() => page.title()).toBe(`${de['title.dashboard']} · Parla`);
    expect(await navigation(page).getByRole('link', { name: de['nav.home'] }).count()).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.title()).toBe(`${de['title.dashboard']} · Parla`);
    expect(await htmlLang(page)).toBe('de');
    expect(await navigation(page).getByRole('link', { name: de['nav.home'] }).count()).toBeGreaterThan(0);
    // The server's questions follow: quick practice asks in German about the French words.
    await page.goto(`${server.url}/app/practice`);
    await expect
      .poll(
        () =>
          page
            .getByText(/^(Wie sagt man|Was bedeutet) „.+“\?$/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    // A visit without a session asks /auth/refresh, which answers 401.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await page.context().close();

    // The profile keeps it: a new browser (English, nothing stored) signs in and gets German.
    const other = await newPage(browser, { consent: true });
    await other.goto(`${server.url}/login`);
    expect(await htmlLang(other)).toBe('en');
    await other.locator('input[autocomplete="email"]').fill('camille@example.com');
    await other.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await other.locator('form button[type="submit"]').click();
    await other.waitForURL('**/app');
    await expect.poll(() => htmlLang(other)).toBe('de');
    await expect.poll(() => other.title()).toBe(`${de['title.dashboard']} · Parla`);
    await other.context().close();
  });

  it('a visitor who chose a language by hand keeps it through sign-up and setup, and the server writes in it', async () => {
    const page = await newPage(browser, { consent: true });
    const problems = watchConsole(page);
    await page.goto(server.url);
    await page.locator('#hero-title').waitFor();
    await selectLanguage(page, 'es');
    await signUp(page, server, 'lucia@example.com');
    expect(await htmlLang(page)).toBe('es');
    await setUp(page, 'Français', es);
    await expect.poll(() => page.title()).toBe(`${es['title.dashboard']} · Parla`);
    expect(await htmlLang(page)).toBe('es');
    expect(await navigation(page).getByRole('link', { name: es['nav.home'] }).count()).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.title()).toBe(`${es['title.dashboard']} · Parla`);
    expect(await htmlLang(page)).toBe('es');
    // The server writes Spanish too, though the learner's native language is French.
    await page.goto(`${server.url}/app/practice`);
    await expect
      .poll(
        () =>
          page
            .getByText(/^(¿Cómo se dice|¿Qué significa) «.+»\?$/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    // A visit without a session asks /auth/refresh, which answers 401.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await page.context().close();
  });
});
