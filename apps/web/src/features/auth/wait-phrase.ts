/**
 * "in 40 seconds", "in 12 minutes", in the interface language: how long a Retry-After asks to
 * wait, for a sentence that says when the next attempt can be made. The browser's
 * Intl.RelativeTimeFormat does the grammar (plural forms, word order) for every language.
 */
export function waitPhrase(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? format.format(whole, 'second') : format.format(Math.ceil(whole / 60), 'minute');
}
