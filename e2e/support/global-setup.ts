import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_LAUNCH_OPTIONS, hasChromium } from './browser';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's server and Chromium; null without Chromium (the browser tests are skipped then). */
    e2eSite: { url: string; dataDir: string; browserEndpoint: string } | null;
  }
}

/**
 * One server and one Chromium for every browser test file of the run (vitest.config.ts, project e2e),
 * instead of each file starting its own: test files connect to the browser (support/site.ts
 * openSite) and open their own contexts. They share the server's database, so each file uses its
 * own e-mail addresses; and the browser's requests share 127.0.0.1's per-address limits (30 sign-ups
 * an hour, 5 contact messages), so a file that needs many more should start a server of its own (as
 * server-process.test.ts does for the process itself). Learners made through the API
 * (support/learners.ts) sign up from addresses of their own.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!hasChromium) {
    project.provide('e2eSite', null);
    return undefined;
  }
  // TRUST_PROXY: support/learners.ts signs each API-made learner up from an address of its own
  // (X-Forwarded-For); the browser's own requests carry none and stay 127.0.0.1's.
  const [server, browser] = await Promise.all([
    startServer({ TRUST_PROXY: 'true' }),
    chromium.launchServer(CHROMIUM_LAUNCH_OPTIONS),
  ]);
  project.provide('e2eSite', { url: server.url, dataDir: server.dataDir, browserEndpoint: browser.wsEndpoint() });
  return async () => {
    await browser.close();
    await server.stop();
  };
}
