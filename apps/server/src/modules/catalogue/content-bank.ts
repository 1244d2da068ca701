import { type ContentBank, defaultContentDir, loadContentBank } from '@parla/content/load-content';

/**
 * The content bank is validated and parsed once per process, on first use (≈0.5 s), so the
 * server answers health checks before it is needed.
 */
export function createContentProvider(dir: string = defaultContentDir) {
  let bank: ContentBank | undefined;
  return {
    get(): ContentBank {
      bank ??= loadContentBank(dir);
      return bank;
    },
  };
}

export type ContentProvider = ReturnType<typeof createContentProvider>;
