/**
 * Pure text helpers for content: script checks, word-ordering tokens and article-insensitive
 * comparison. Shared by the content validator and the lesson engine so both agree on what
 * "the same text" means.
 */
import type { ContentLanguage, InterfaceLanguage } from './content.schema';

/** Any language whose script we know: content languages plus the extra interface languages. */
export type ScriptLanguage = ContentLanguage | InterfaceLanguage;

export type ScriptName =
  | 'Latin'
  | 'Cyrillic'
  | 'Greek'
  | 'Arabic'
  | 'Hebrew'
  | 'Devanagari'
  | 'Han'
  | 'Hiragana'
  | 'Katakana'
  | 'Hangul'
  | 'Thai'
  | 'Bengali'
  | 'Armenian'
  | 'Georgian';

// One regex per script so that `\p{Script=…}` stays a literal the engine can precompile.
const SCRIPT_TESTS: Readonly<Record<ScriptName, RegExp>> = {
  Latin: /\p{Script=Latin}/u,
  Cyrillic: /\p{Script=Cyrillic}/u,
  Greek: /\p{Script=Greek}/u,
  Arabic: /\p{Script=Arabic}/u,
  Hebrew: /\p{Script=Hebrew}/u,
  Devanagari: /\p{Script=Devanagari}/u,
  Han: /\p{Script=Han}/u,
  Hiragana: /\p{Script=Hiragana}/u,
  Katakana: /\p{Script=Katakana}/u,
  Hangul: /\p{Script=Hangul}/u,
  Thai: /\p{Script=Thai}/u,
  Bengali: /\p{Script=Bengali}/u,
  Armenian: /\p{Script=Armenian}/u,
  Georgian: /\p{Script=Georgian}/u,
};

interface ScriptRule {
  /** How the expected script is named in messages. */
  readonly label: string;
  readonly scripts: readonly ScriptName[];
}

const LATIN: ScriptRule = { label: 'Latin script', scripts: ['Latin'] };

export const LANGUAGE_SCRIPTS: Readonly<Record<ScriptLanguage, ScriptRule>> = {
  en: LATIN,
  es: LATIN,
  fr: LATIN,
  de: LATIN,
  it: LATIN,
  pt: LATIN,
  nl: LATIN,
  pl: LATIN,
  ru: { label: 'Cyrillic script', scripts: ['Cyrillic'] },
  uk: { label: 'Cyrillic script', scripts: ['Cyrillic'] },
  el: { label: 'Greek script', scripts: ['Greek'] },
  he: { label: 'Hebrew script', scripts: ['Hebrew'] },
  ar: { label: 'Arabic script', scripts: ['Arabic'] },
  hi: { label: 'Devanagari script', scripts: ['Devanagari'] },
  ja: { label: 'Japanese script (kana/kanji)', scripts: ['Hiragana', 'Katakana', 'Han'] },
  zh: { label: 'Chinese characters (Han)', scripts: ['Han'] },
  ko: { label: 'Korean script (Hangul)', scripts: ['Hangul'] },
};

export interface ScriptViolation {
  /** e.g. "Japanese script (kana/kanji)". */
  expected: string;
  /** Script of the first offending letter, or "other". */
  found: ScriptName | 'other';
  /** The words that contain offending letters, for the message. */
  sample: string;
}

// Letters and marks carry script; digits, punctuation, spaces and symbols are fine anywhere.
// Common/Inherited letters (e.g. the Japanese long-vowel mark ー, combining accents, Arabic
// harakat) belong to no single script and are therefore allowed too.
const LETTER = /[\p{L}\p{M}]/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

function scriptOf(char: string): ScriptName | 'other' {
  for (const [name, test] of Object.entries(SCRIPT_TESTS) as [ScriptName, RegExp][]) {
    if (test.test(char)) return name;
  }
  return 'other';
}

function isAllowed(char: string, rule: ScriptRule): boolean {
  if (!LETTER.test(char) || NEUTRAL.test(char)) return true;
  return rule.scripts.some((s) => SCRIPT_TESTS[s].test(char));
}

/**
 * Returns null when every letter of `text` is in the script of `lang` (Latin for `roman`
 * strings: pass "en"), else what was found instead.
 */
export function detectScriptViolation(lang: ScriptLanguage, text: string): ScriptViolation | null {
  const rule = LANGUAGE_SCRIPTS[lang];
  let found: ScriptName | 'other' | undefined;
  const offendingWords: string[] = [];
  for (const word of text.split(/\s+/u)) {
    const bad = [...word].find((ch) => !isAllowed(ch, rule));
    if (bad === undefined) continue;
    found ??= scriptOf(bad);
    offendingWords.push(word.replace(/^\p{P}+|\p{P}+$/gu, ''));
  }
  if (found === undefined) return null;
  const sample = offendingWords.join(' ');
  return {
    expected: rule.label,
    found,
    sample: sample.length > 40 ? `${sample.slice(0, 39)}…` : sample,
  };
}

/** `not in Japanese script (kana/kanji) (found Latin "apple")`. */
export function describeScriptViolation(v: ScriptViolation): string {
  return `not in ${v.expected} (found ${v.found} "${v.sample}")`;
}

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

const EDGE_PUNCTUATION = /^\p{P}+|\p{P}+$/gu;

/**
 * Word-ordering chunks of a text written with spaces: split at spaces, punctuation at the edges
 * of each chunk dropped ("¿Dónde está?" → ["Dónde", "está"]); inner punctuation stays (c'est).
 * Not meaningful for Japanese or Chinese, whose tokens must be authored.
 */
export function deriveTokens(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/\s+/u)
    .map((t) => t.replace(EDGE_PUNCTUATION, ''))
    .filter((t) => t.length > 0);
}

/** The text with spaces and punctuation removed: what tokens must spell out, in order. */
export function tokenJoinKey(text: string): string {
  return text.normalize('NFC').replace(/[\s\p{P}]+/gu, '');
}

/** True when the tokens, concatenated, spell the text (ignoring spaces and punctuation). */
export function tokensJoinText(tokens: readonly string[], text: string): boolean {
  return tokenJoinKey(tokens.join('')) === tokenJoinKey(text);
}

// ---------------------------------------------------------------------------------------------
// Comparison ignoring the article
// ---------------------------------------------------------------------------------------------

// Articles (incl. contracted and partitive forms) that may precede a noun in the content.
// Elided forms (l', un') are matched with either apostrophe.
const ARTICLES: Partial<Record<ContentLanguage, RegExp>> = {
  en: /^(?:the|an|a)\s+/u,
  es: /^(?:el|la|los|las|un|una|unos|unas)\s+/u,
  fr: /^(?:de\s+la\s+|de\s+l['’]|du\s+|des\s+|les\s+|le\s+|la\s+|une\s+|un\s+|l['’])/u,
  de: /^(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+/u,
  it: /^(?:(?:il|lo|la|i|gli|le|un|uno|una)\s+|l['’]|un['’])/u,
  pt: /^(?:o|a|os|as|um|uma|uns|umas)\s+/u,
  nl: /^(?:de|het|een|['’]t)\s+/u,
};

/** Drops a leading article: `el libro` → `libro`, `l'eau` → `eau`. */
export function stripArticle(lang: ContentLanguage, text: string): string {
  const re = ARTICLES[lang];
  const trimmed = text.trim();
  return re ? trimmed.replace(re, '') : trimmed;
}

/**
 * A form reduced for "is this the same word?" checks: lower case, no leading article, no
 * punctuation, single spaces.
 */
export function comparableForm(lang: ContentLanguage, text: string): string {
  const lower = text.normalize('NFC').toLocaleLowerCase(lang).trim();
  return stripArticle(lang, lower.replace(/^\p{P}+/u, ''))
    .replace(/\p{P}+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}
