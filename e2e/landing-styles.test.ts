import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { newPage, openSite, type SiteServer, waitForPage } from './support/site';

/**
 * Every element of the landing's first paint (outside what loads later), with the styles a learner
 * sees: layout, colours, type, spacing. Elements inside a decorative box are the lazily loaded
 * illustration, which comes with the full stylesheet.
 */
function firstPaintStyles(): string[] {
  const properties = [
    'display',
    'position',
    'inset-inline-start',
    'top',
    'width',
    'height',
    'margin-top',
    'padding-top',
    'padding-inline-start',
    'gap',
    'flex-direction',
    'align-items',
    'justify-content',
    'grid-template-columns',
    'color',
    'background-color',
    'background-image',
    'border-top-width',
    'border-top-color',
    'border-radius',
    'box-shadow',
    'font-size',
    'font-weight',
    'line-height',
    'letter-spacing',
    'text-align',
    'opacity',
    'transform',
    'filter',
    'z-index',
    'overflow',
    'visibility',
    'outline-style',
  ];
  const roots = document.querySelectorAll('#root > :not(main):not(footer):not([role="region"]), #main > section:first-of-type');
  return Array.from(roots)
    .flatMap((root) => [root, ...Array.from(root.querySelectorAll('*'))])
    .filter((element) => !element.closest('[data-decorative] *'))
    .map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName}.${element.getAttribute('class') ?? ''} ${properties.map((name) => style.getPropertyValue(name)).join('|')}`;
    });
}

describe.runIf(hasChromium)('the landing page’s own stylesheet', () => {
  let server: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openSite());
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The landing as first painted: with `fullStylesheet: false` any other stylesheet arrives empty. */
  async function landing(variant: { colorScheme: 'light' | 'dark'; width: number }, fullStylesheet: boolean) {
    const page: Page = await newPage(browser, { ...variant, consent: true });
    const html = await (await fetch(server.url)).text();
    const own = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"/.exec(html)?.[1];
    expect(own, 'index.html links the landing stylesheet').toBeTruthy();
    if (!fullStylesheet) {
      await page.route(
        (url) => url.pathname.endsWith('.css') && url.pathname !== own,
        (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
      );
    }
    await page.goto(server.url);
    await waitForPage(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The code loaded after `load` (below the fold, the illustration) brings the full stylesheet.
    await page.waitForLoadState('networkidle');
    // Entrance animations settled: a style read mid-animation compares a frame, not the design.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const sheets = await page.evaluate(() => Array.from(document.styleSheets).map((sheet) => new URL(sheet.href ?? '').pathname));
    const styles = await page.evaluate(firstPaintStyles);
    await page.context().close();
    return { sheets, styles, own };
  }

  for (const variant of [
    { colorScheme: 'light', width: 1280 },
    { colorScheme: 'dark', width: 390 },
  ] as const) {
    it(`${variant.colorScheme} ${variant.width}px: the first paint looks the same before the full stylesheet arrives as after`, async () => {
      const alone = await landing(variant, false);
      const full = await landing(variant, true);
      expect(alone.sheets[0]).toBe(alone.own);
      expect(full.sheets).toHaveLength(2);
      expect(alone.styles.length).toBeGreaterThan(60);
      expect(alone.styles).toEqual(full.styles);
    });
  }
});
