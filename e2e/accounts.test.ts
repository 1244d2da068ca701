import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAccessibilityViolations, watchConsole } from './support/browser';
import { newPage, openSite, type SiteServer } from './support/site';

const PASSWORD = 'violet-harbour-42';

async function fillSignUp(page: Page, values: { name?: string; email?: string; password?: string; confirm?: string }) {
  await page.getByLabel('Full name').fill(values.name ?? '');
  await page.getByLabel('Email address').fill(values.email ?? '');
  await page.getByLabel('Password', { exact: true }).fill(values.password ?? '');
  await page.getByLabel('Confirm password').fill(values.confirm ?? '');
  await page.getByRole('button', { name: 'Create Account' }).click();
}

const alertText = (page: Page) => page.getByRole('alert').first().textContent();

function outboxLink(dataDir: string, email: string): string {
  const dir = join(dataDir, 'outbox');
  const message = readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; text: string })
    .filter((item) => item.to === email)
    .at(-1);
  const match = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(message?.text ?? '');
  if (!match) throw new Error(`no reset link for ${email}`);
  return match[0];
}

describe.runIf(hasChromium)('accounts in Chromium', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sign up → four-step setup → home; reload keeps the session; log out; sign in lands on home', async () => {
    const page = await newPage(browser, { consent: true });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/signup`);
    await fillSignUp(page, { name: 'Ana García', email: 'ana@example.com', password: PASSWORD, confirm: PASSWORD });

    await page.waitForURL('**/setup');
    await expect.poll(() => page.getByText('Step 1 of 4').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The choices are native radios and checkboxes drawn as tiles: a learner clicks the tile.
    const tile = (name: string | RegExp) => page.locator('label').filter({ hasText: name });
    // English, so the app stays in English: setup's native language sets the interface language
    // (e2e/interface-language.test.ts follows a French speaker; the component test, the courses offered).
    await tile('English').click();
    expect(await page.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('Step 2 of 4').isVisible()).toBe(true);
    await tile(/Japanese/).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await tile(/Beginner/).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByRole('button', { name: 'Complete setup' }).isDisabled()).toBe(true);
    await tile('Listening and repeating').click();
    await tile('Travel').click();
    await page.getByRole('button', { name: 'Complete setup' }).click();

    await page.waitForURL('**/app');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Ana!/);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Ana!/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expect.poll(() => page.title()).toBe('My lessons · Parla');

    // Signed in, the landing offers the way back to the lessons instead of signing in.
    await page.goto(server.url);
    await page.locator('#hero-title').waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to my lessons' }).first().click();
    await page.waitForURL('**/app');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Ana!/);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page
      .getByRole('menuitem', { name: 'Log out' })
      .or(page.getByRole('button', { name: 'Log out' }))
      .first()
      .click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Go to my lessons' }).count()).toBe(0);
    await page.goto(`${server.url}/app`);
    await page.waitForURL('**/login');

    await page.getByLabel('Email address').fill('ana@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/app');
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('a stale "signed in" hint on the landing leads to sign-in, then goes away', async () => {
    const page = await newPage(browser, { consent: true });
    const problems = watchConsole(page);
    await page.goto(server.url);
    await page.evaluate(() => window.localStorage.setItem('parla.signed-in', '1'));
    await page.reload();
    await page.getByRole('link', { name: 'Go to my lessons' }).first().click();
    await page.waitForURL('**/login');
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Go to my lessons' }).count()).toBe(0);
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('shows the invalid-credentials message for a wrong password', async () => {
    const page = await newPage(browser, { consent: true });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email address').fill('ana@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => alertText(page)).toBe('Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('shows each sign-up validation message for its case, in the spec’s order', async () => {
    const page = await newPage(browser, { consent: true });
    await page.goto(`${server.url}/signup`);
    const cases: [Parameters<typeof fillSignUp>[1], string][] = [
      [{ name: 'Ana', password: PASSWORD, confirm: PASSWORD }, 'Please enter your email address.'],
      [{ name: 'Ana', email: 'ana.example.com', password: PASSWORD, confirm: PASSWORD }, 'Please enter a valid email address.'],
      [{ name: 'Ana', email: 'new@example.com' }, 'Password is required'],
      [{ name: '  ', email: 'new@example.com', password: '123' }, 'Full name is required'],
      [{ name: 'Ana', email: 'new@example.com', password: '12345' }, 'Password must be at least 6 characters'],
      [{ name: 'Ana', email: 'new@example.com', password: PASSWORD }, 'Please confirm your password'],
      [{ name: 'Ana', email: 'new@example.com', password: PASSWORD, confirm: `${PASSWORD}x` }, 'Passwords do not match'],
    ];
    for (const [values, message] of cases) {
      await fillSignUp(page, values);
      await expect.poll(() => alertText(page)).toBe(message);
    }
    await page.context().close();
  });

  it('resets a forgotten password with the e-mailed link; the old password stops working', async () => {
    const page = await newPage(browser, { consent: true });
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel('Email address').fill('ana@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true);

    await expect
      .poll(() => {
        try {
          return outboxLink(server.dataDir, 'ana@example.com');
        } catch {
          return '';
        }
      })
      .toMatch(/token=/);
    const link = new URL(outboxLink(server.dataDir, 'ana@example.com'));
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('copper-lantern-19');
    await page.getByLabel('Confirm password').fill('copper-lantern-19');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Password updated' }).isVisible()).toBe(true);

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email address').fill('ana@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => alertText(page)).toBe('Invalid email or password.');
    await page.getByLabel('Password', { exact: true }).fill('copper-lantern-19');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/app');
    await page.context().close();
  });
});
