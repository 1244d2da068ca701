import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests need Debian's Chromium. Without it they are skipped loudly — unless
 * REQUIRE_E2E=1 (CI), where a missing browser is a failure.
 */
export const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  const message = `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium"`;
  if (process.env.REQUIRE_E2E === '1') throw new Error(`${message} (REQUIRE_E2E=1)`);
  console.warn(`\n\n!!! ${message}. SKIPPING THE BROWSER TESTS. !!!\n\n`);
}

/** How the run's one Chromium starts (support/global-setup.ts): DESIGN.md §8's flags. */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** Collects console errors and uncaught page errors (a CSP violation shows up here too). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown }[];
}

/** Runs axe in the page (through the devtools protocol, so the page's CSP does not block it). */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: { resultTypes: string[] }): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact}: ${violation.id} — ${violation.help} (${JSON.stringify(violation.nodes.map((node) => node.target))})`,
    );
}
