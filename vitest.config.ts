import { defineConfig } from 'vitest/config';

// `npm test` runs every project. The server suite runs on PGlite always, and once more on
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['src/test/global-setup.ts'],
    env: { PARLA_TEST_DATABASE: database },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machines here (vitest's default is one fewer than the cores):
    // most of a file's time is spent waiting on PostgreSQL, Chromium or argon2's threads. The e2e files
    // still run one after another (their project sets fileParallelism: false).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'content', root: 'packages/content', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          environment: 'node',
          // One server and one Chromium for the whole run, shared by the browser test files.
          globalSetup: ['support/global-setup.ts'],
          // A browser on a busy 2-core machine: give polled expectations time (the default is 1 s).
          expect: { poll: { timeout: 10_000, interval: 50 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
