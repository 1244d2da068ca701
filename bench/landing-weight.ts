// The landing page's weight as a first-time visitor's browser sees it (DESIGN.md §6): every
// JavaScript and CSS file the page requests before its `load` event, each counted at gzip level 9.
// Run alone against a running server: `node --import tsx bench/landing-weight.ts http://127.0.0.1:3000`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const LANDING_BUDGET_BYTES = 93 * 1024;

export interface LandingFile {
  /** The path requested (`/assets/index-….js`, `/boot.js`). */
  path: string;
  kind: 'js' | 'css';
  gzip: number;
}

export interface LandingWeight {
  files: LandingFile[];
  js: number;
  css: number;
  total: number;
  /** Viewport the page was loaded in. */
  viewport: { width: number; height: number };
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Loads `/` in a fresh browser profile (no saved language, theme or consent: a first visit), takes
 * the Resource Timing entries that started before `loadEventStart` (scripts, stylesheets, module
 * preloads and dynamic imports alike) and weighs each JS or CSS file as served, uncompressed,
 * at gzip -9. Files requested after `load` (idle-time preloads, below-the-fold code) do not count.
 */
export async function measureLandingWeight(
  baseUrl: string,
  {
    executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium',
    viewport = { width: 1280, height: 800 },
  }: { executablePath?: string; viewport?: { width: number; height: number } } = {},
): Promise<LandingWeight> {
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    // Whatever the page asks for right after `load` must not be mistaken for part of it: the
    // entries are read after a moment, then filtered by their start time.
    await page.waitForTimeout(1_000);
    const requested: string[] = await page.evaluate(`(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      const loadStart = navigation.loadEventStart;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < loadStart)
        .map((entry) => entry.name);
    })()`);
    const files: LandingFile[] = [];
    for (const url of new Set(requested)) {
      const { pathname, origin } = new URL(url);
      const kind = /\.js$/.test(pathname) ? 'js' : /\.css$/.test(pathname) ? 'css' : null;
      if (!kind || origin !== new URL(baseUrl).origin) continue;
      const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
      if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      files.push({ path: pathname, kind, gzip: gzipSync(body, { level: 9 }).length });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    const sum = (kind?: LandingFile['kind']) =>
      files.filter((file) => !kind || file.kind === kind).reduce((total, file) => total + file.gzip, 0);
    return { files, js: sum('js'), css: sum('css'), total: sum(), viewport };
  } finally {
    await browser.close();
  }
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const baseUrl = process.argv[2];
  if (!baseUrl) throw new Error('usage: node --import tsx bench/landing-weight.ts <server URL>');
  if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) throw new Error('Chromium not found (CHROME_PATH)');
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const weight = await measureLandingWeight(baseUrl, { viewport });
    console.log(
      `\n${viewport.width}×${viewport.height}: ${kilobytes(weight.total)} (JS ${kilobytes(weight.js)}, CSS ${kilobytes(weight.css)})`,
    );
    for (const file of weight.files) console.log(`  ${kilobytes(file.gzip).padStart(8)}  ${file.path}`);
  }
}
