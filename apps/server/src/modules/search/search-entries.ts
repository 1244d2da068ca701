import { createHash } from 'node:crypto';
import type { ContentBank } from '@parla/content/load-content';
import { CONTENT_LANGUAGES } from '@parla/shared/content.schema';

/** One searchable text before the database normalises it (search_entries without `norm`). */
export interface SearchEntryInput {
  language: string;
  kind: 'lesson' | 'word';
  ref: string;
  variant: 'title' | 'description' | 'text' | 'roman' | 'roman_joined';
  body: string;
}

// Raised when what is indexed, or how, changes without the content changing: every replica refills.
const INDEX_VERSION = 1;

/**
 * Every text a learner may search, in every content language: each lesson's title and description,
 * each word's written form and romanisation, the latter also without spaces ("nǐ hǎo" → "nǐhǎo"),
 * since learners type pinyin and romaji both ways.
 */
export function searchEntriesOf(bank: ContentBank): { entries: SearchEntryInput[]; hash: string } {
  const entries: SearchEntryInput[] = [];
  for (const unit of bank.units) {
    for (const lesson of unit.lessons) {
      for (const language of CONTENT_LANGUAGES) {
        entries.push({ language, kind: 'lesson', ref: lesson.id, variant: 'title', body: lesson.title[language] });
        entries.push({ language, kind: 'lesson', ref: lesson.id, variant: 'description', body: lesson.description[language] });
      }
      for (const word of lesson.words) {
        for (const language of CONTENT_LANGUAGES) {
          const form = word.forms[language];
          entries.push({ language, kind: 'word', ref: word.id, variant: 'text', body: form.text });
          if (!form.roman) continue;
          entries.push({ language, kind: 'word', ref: word.id, variant: 'roman', body: form.roman });
          const joined = form.roman.replace(/[\s'’-]+/g, '');
          if (joined !== form.roman)
            entries.push({ language, kind: 'word', ref: word.id, variant: 'roman_joined', body: joined });
        }
      }
    }
  }
  const hash = createHash('sha256')
    .update(JSON.stringify({ version: INDEX_VERSION, entries }))
    .digest('hex');
  return { entries, hash };
}
