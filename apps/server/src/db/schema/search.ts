import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The content bank's searchable texts, refilled from the YAML when its hash changes: one
 * row per text a learner may search — a lesson's title or description, a word's written form or
 * romanisation — in one content language. `norm` is lower(unaccent(text)), made by the database
 * that compares it with the query normalised the same way.
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    language: text().notNull(),
    kind: text({ enum: ['lesson', 'word'] }).notNull(),
    ref: text().notNull(),
    variant: text({ enum: ['title', 'description', 'text', 'roman', 'roman_joined'] }).notNull(),
    norm: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.language, t.kind, t.ref, t.variant] })],
);

/** Which content the entries were made from (one row per index), so replicas refill only on change. */
export const searchIndexState = pgTable('search_index_state', {
  name: text().primaryKey(),
  contentHash: text().notNull(),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
