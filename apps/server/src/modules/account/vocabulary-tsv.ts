/**
 * The learner's words as a tab-separated file Anki imports (File → Import, Anki 2.1.55 or later):
 * the header lines say the separator, that the fields are plain text (not HTML) and the columns;
 * the fourth column becomes the note's tags. A field holding a tab, a line break or a double quote
 * is quoted, its quotes doubled (the CSV rule Anki's importer follows), so content can never shift
 * a column or start a new note; a field starting with '#' is quoted too, so no line reads as a header.
 */
export interface VocabularyRow {
  front: string;
  back: string;
  romanisation: string;
  tags: string;
}

export function tsvField(value: string): string {
  return /[\t\r\n"]|^#/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function vocabularyTsv(rows: readonly VocabularyRow[]): string {
  const header = ['#separator:tab', '#html:false', '#columns:Front\tBack\tRomanisation\tTags', '#tags column:4'];
  const lines = rows.map((row) => [row.front, row.back, row.romanisation, row.tags].map(tsvField).join('\t'));
  return `${[...header, ...lines].join('\n')}\n`;
}
