/**
 * Reading the content directory: file discovery, YAML parsing that keeps line numbers for
 * messages, and normalisation of language values. Shared by the validator and the loader so
 * they always see the same data.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ContentLanguage,
  GENDERS,
  isRomanisedLanguage,
  type LanguageValue,
  TOKENS_REQUIRED_LANGUAGES,
} from '@parla/shared/content.schema';
import { deriveTokens } from '@parla/shared/content-text';
import { type Document, isMap, isNode, isScalar, LineCounter, parseDocument } from 'yaml';

/** packages/content/ — this file lives in packages/content/src/. */
export const defaultContentDir: string = fileURLToPath(new URL('..', import.meta.url));

export const UNITS_DIR = 'units';
export const LANGUAGES_FILE = 'languages.yaml';

export type ItemKind = 'unit' | 'lesson' | 'word' | 'sentence' | 'note' | 'language';

/** One problem found in the content, addressed so a non-programmer can find and fix it. */
export interface ContentIssue {
  /** Relative to the content directory, forward slashes: "units/03-food.yaml". */
  file: string;
  /** 1-based line in `file`, when known. */
  line?: number;
  /** What `id` names; together they read `word "apple"`. */
  kind?: ItemKind;
  id?: string;
  message: string;
}

export type YamlPath = readonly (string | number)[];

export interface SourceFile {
  /** Relative to the content directory, forward slashes. */
  file: string;
  absPath: string;
  /** The parsed YAML as plain JS data (not yet validated). */
  data: unknown;
  /**
   * Line of the node at `at`, or of its closest existing ancestor (a missing key is reported at
   * the start of the object that lacks it). With `key`, the line of that key inside the mapping.
   */
  lineOf(at: YamlPath, key?: string): number | undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** Unit files, relative to `dir`, in file-name order; plus files that look misnamed. */
export function listUnitFiles(dir: string): { files: string[]; strays: string[] } {
  const unitsDir = path.join(dir, UNITS_DIR);
  let names: string[];
  try {
    names = readdirSync(unitsDir);
  } catch {
    return { files: [], strays: [] };
  }
  const files: string[] = [];
  const strays: string[] = [];
  for (const name of names.sort()) {
    if (name.startsWith('.')) continue;
    const rel = `${UNITS_DIR}/${name}`;
    if (name.endsWith('.yaml')) files.push(rel);
    else if (statSync(path.join(unitsDir, name)).isFile()) strays.push(rel);
  }
  return { files, strays };
}

// Tips for the YAML mistakes a non-programmer is most likely to make.
const YAML_TIPS: Partial<Record<string, string>> = {
  BLOCK_AS_IMPLICIT_KEY: 'put text that contains ": " in quotes',
  MULTILINE_IMPLICIT_KEY: 'put text that contains ": " in quotes',
  DUPLICATE_KEY: 'each key may appear only once in the same block',
  BAD_INDENT: 'check the indentation (use spaces, not tabs, and align keys of the same block)',
  TAB_AS_INDENT: 'use spaces, not tabs, for indentation',
  UNEXPECTED_TOKEN: 'put text that contains ", " ": " "#" or brackets in quotes',
  MISSING_CHAR: 'a quote or bracket is not closed',
};

export function readSourceFile(dir: string, file: string): { source?: SourceFile; issues: ContentIssue[] } {
  const absPath = path.join(dir, file);
  let text: string;
  try {
    text = readFileSync(absPath, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(error);
    return { issues: [{ file, message: reason }] };
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const issues = doc.errors.map((error): ContentIssue => {
      // prettyErrors appends " at line L, column C:" and a code excerpt; we report the line separately.
      const headline = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? '';
      const tip = YAML_TIPS[error.code];
      const line = error.linePos?.[0].line;
      return {
        file,
        ...(line !== undefined && { line }),
        message: `YAML syntax error: ${headline}${tip ? ` (tip: ${tip})` : ''}`,
      };
    });
    // The parser often reports one mistake several times from different angles.
    const unique = new Map(issues.map((i) => [`${i.line}\u0000${i.message}`, i]));
    return { issues: [...unique.values()] };
  }
  return { source: makeSource(file, absPath, doc, lineCounter), issues: [] };
}

function makeSource(file: string, absPath: string, doc: Document, lineCounter: LineCounter): SourceFile {
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  return {
    file,
    absPath,
    data: doc.toJS({ maxAliasCount: 100 }),
    lineOf(at, key) {
      const cursor = [...at];
      for (;;) {
        const node: unknown = cursor.length === 0 ? doc.contents : doc.getIn(cursor, true);
        if (isNode(node) && node.range) {
          if (key !== undefined && cursor.length === at.length && isMap(node)) {
            const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
            if (pair && isNode(pair.key) && pair.key.range) return lineAt(pair.key.range[0]);
          }
          return lineAt(node.range[0]);
        }
        if (cursor.length === 0) return undefined;
        cursor.pop();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Language values
// ---------------------------------------------------------------------------------------------

/** Any language value as written, after its fields have been type-checked. */
export type LanguageValueLike =
  | string
  | {
      text: string;
      roman?: string | undefined;
      alt?: readonly string[] | undefined;
      tokens?: readonly string[] | undefined;
      /** Romanisation of each token, as authored (sentences of non-Latin languages only). */
      roman_tokens?: readonly string[] | undefined;
      blank?: number | undefined;
      gender?: (typeof GENDERS)[number] | undefined;
    };

const tokensAuthoredOnly = (lang: ContentLanguage) => (TOKENS_REQUIRED_LANGUAGES as readonly string[]).includes(lang);

// Punctuation stripped from both ends of a romanised word. Not the apostrophe: it is a letter in
// romanisations (Russian soft sign "pozhalovat'", Arabic hamza written as ').
const ROMAN_EDGE = /^[\s,.!?¿¡;:…—–"“”„«»‹›()]+|[\s,.!?¿¡;:…—–"“”„«»‹›()]+$/gu;
const SENTENCE_END = /[.!?…]["”»)]*$/u;

/** A romanised word without the punctuation around it. */
export function stripRomanPunctuation(word: string): string {
  return word.normalize('NFC').replace(ROMAN_EDGE, '');
}

/**
 * The romanisation of each token of a sentence, derived from the sentence's `roman` when it has
 * exactly one space-separated word per token (punctuation at the word ends stripped). A word that
 * opens a sentence is lower-cased (it is capitalised only because of its position); a capital
 * anywhere else marks a proper noun ("Anna") and is kept. `undefined` when the counts differ: the
 * author must then write `roman_tokens`.
 */
export function deriveTokensRoman(roman: string, tokenCount: number): string[] | undefined {
  const words = roman
    .normalize('NFC')
    .split(/\s+/u)
    .filter((w) => stripRomanPunctuation(w).length > 0);
  if (words.length !== tokenCount) return undefined;
  return words.map((word, index) => {
    const bare = stripRomanPunctuation(word);
    const opensSentence = index === 0 || SENTENCE_END.test(words[index - 1] ?? '');
    return opensSentence ? lowerFirst(bare) : bare;
  });
}

function lowerFirst(word: string): string {
  const first = String.fromCodePoint(word.codePointAt(0) ?? 0);
  return first.toLowerCase() + word.slice(first.length);
}

/**
 * The one shape consumers see. Missing tokens are derived from spaces; for ja/zh (no spaces)
 * the whole text becomes a single token, which only happens for words — sentences there must
 * author their tokens, which the validator enforces.
 *
 * Sentences of non-Latin languages (ROMANISED_LANGUAGES) also get `tokens_roman`: the authored
 * `roman_tokens`, else `deriveTokensRoman`. It stays undefined when it cannot be derived (the
 * validator reports that) and for words and Latin-script languages.
 */
export function normaliseLanguageValue(
  lang: ContentLanguage,
  input: LanguageValueLike,
  kind: 'word' | 'sentence' = 'word',
): LanguageValue {
  const value = typeof input === 'string' ? { text: input } : input;
  const tokens =
    value.tokens && value.tokens.length > 0
      ? [...value.tokens]
      : tokensAuthoredOnly(lang)
        ? [value.text]
        : deriveTokens(value.text);
  const tokensRoman =
    kind === 'sentence' && isRomanisedLanguage(lang)
      ? value.roman_tokens && value.roman_tokens.length > 0
        ? value.roman_tokens.map((t) => t.normalize('NFC').trim())
        : value.roman !== undefined
          ? deriveTokensRoman(value.roman, tokens.length)
          : undefined
      : undefined;
  return {
    text: value.text,
    ...(value.roman !== undefined && { roman: value.roman }),
    alt: [...(value.alt ?? [])],
    tokens,
    ...(tokensRoman !== undefined && { tokens_roman: tokensRoman }),
    ...(value.blank !== undefined && { blank: value.blank }),
    ...(value.gender !== undefined && { gender: value.gender }),
  };
}

/**
 * Best-effort reading of a value that may be malformed, so that the other checks can still run
 * on the parts that are fine (the structural problem itself is reported by the schema check).
 */
export function lenientLanguageValue(raw: unknown): LanguageValueLike | undefined {
  if (typeof raw === 'string') return raw.trim() ? raw : undefined;
  if (!isRecord(raw) || typeof raw.text !== 'string' || !raw.text.trim()) return undefined;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined);
  const gender = (GENDERS as readonly unknown[]).includes(raw.gender) ? (raw.gender as (typeof GENDERS)[number]) : undefined;
  return {
    text: raw.text,
    roman: typeof raw.roman === 'string' && raw.roman.trim() ? raw.roman : undefined,
    alt: strings(raw.alt),
    tokens: strings(raw.tokens),
    roman_tokens: strings(raw.roman_tokens),
    blank: Number.isInteger(raw.blank) ? (raw.blank as number) : undefined,
    gender,
  };
}
