// lightningcss comes with Vite (its CSS minifier), so the build uses the same parser twice.
import { transform } from 'lightningcss';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A language file's part (src/locales/<code>.json?group=…): strings, no markup. */
const STRINGS = /[\\/]src[\\/]locales[\\/]/;

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((item): item is ChunkWithCss => item.type === 'chunk');

/** The code of the page's first load: the entry and everything it imports statically. */
function firstLoadCode(bundle: OutputBundle, entry: OutputChunk): string {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    seen.add(fileName);
    for (const next of chunk.imports) visit(next);
  };
  visit(entry.fileName);
  // Only the project's own modules: Tailwind finds classes in the project's sources, never in packages,
  // and a package's strings would keep rules alive by chance.
  return [...seen]
    .flatMap((fileName) => Object.entries((bundle[fileName] as OutputChunk).modules))
    .filter(([id]) => !/[\\/]node_modules[\\/]/.test(id))
    .map(([, module]) => module.code ?? '')
    .join('\n');
}

/** The rules of `css` that `code` can use: classes it never names, and custom properties nothing reads, go. */
export function stylesUsedBy(css: string, code: string): string {
  const classes = new Set<string>();
  transform({
    filename: 'styles.css',
    code: Buffer.from(css),
    visitor: {
      Selector(selector) {
        for (const component of selector) if (component.type === 'class') classes.add(component.name);
      },
    },
  });
  let subset = transform({
    filename: 'styles.css',
    code: Buffer.from(css),
    minify: true,
    unusedSymbols: [...classes].filter((name) => !code.includes(name)),
  }).code.toString();
  // A custom property that no remaining rule reads (a palette colour, a utility's variable) goes too;
  // removing one can leave another unread, so until nothing changes.
  for (let removed = 1; removed > 0; ) {
    removed = 0;
    const read = new Set([...subset.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]));
    const unread = (name: string) => !read.has(name) && !code.includes(name);
    subset = transform({
      filename: 'styles.css',
      code: Buffer.from(subset),
      minify: true,
      visitor: {
        Declaration: {
          // Also called for properties lightningcss does not know (scroll-behavior): only `--…` ones count.
          custom(property) {
            if (!property.name.startsWith('--') || !unread(property.name)) return undefined;
            removed += 1;
            return [];
          },
        },
        Rule: {
          property(rule) {
            if (!unread(rule.value.name)) return undefined;
            removed += 1;
            return [];
          },
        },
      },
    }).code.toString();
  }
  return subset;
}

/**
 * The first paint waits for the stylesheet, and the full one (every screen's utilities) is about
 * 70 % heavier than what the first load's code can use (DESIGN.md §6: the landing's JS + CSS
 * before `load` ≤ 93 KB). So the page links a stylesheet of its own: the full one less the classes
 * that the first load's code (the entry and its static imports) never names. The full stylesheet
 * becomes a dependency of every chunk loaded later except language strings, which Vite's preload
 * helper loads before that chunk's code runs: the part of the landing below the fold, the cookie
 * banner, dialogs, the other pages, whether opened directly or reached by a link. Both stylesheets
 * define each rule alike and the full one comes later, so the cascade is the full one's. The dev
 * server is untouched (one stylesheet).
 */
export function landingStyles(): Plugin {
  return {
    name: 'parla-landing-styles',
    apply: 'build',
    // Before Vite's HTML and preload plugins read each chunk's CSS (viteMetadata.importedCss).
    generateBundle(_options, bundle) {
      const entry = chunks(bundle).find((chunk) => chunk.isEntry);
      const fullCss = [...(entry?.viteMetadata?.importedCss ?? [])];
      if (!entry?.viteMetadata || fullCss.length !== 1) {
        this.error(`landing styles: expected the entry to import one stylesheet, found ${fullCss.length}`);
      }
      const [fullFile = ''] = fullCss;
      const full = bundle[fullFile];
      if (full?.type !== 'asset') return this.error(`landing styles: ${fullFile} is not in the bundle`);
      const subset = stylesUsedBy(String(full.source), firstLoadCode(bundle, entry));
      const reference = this.emitFile({ type: 'asset', name: 'landing.css', source: subset });
      entry.viteMetadata.importedCss = new Set([this.getFileName(reference)]);
      for (const chunk of chunks(bundle)) {
        if (chunk.isDynamicEntry && !STRINGS.test(chunk.facadeModuleId ?? '')) chunk.viteMetadata?.importedCss.add(fullFile);
      }
    },
  };
}
