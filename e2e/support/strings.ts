import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server';

/** The interface strings of one language, as the web app ships them (apps/web/src/locales/<code>.json). */
export const strings = (code: string) =>
  JSON.parse(readFileSync(join(ROOT, 'apps/web/src/locales', `${code}.json`), 'utf8')) as Record<string, string>;

/** One string of `messages`; a missing key fails the test at once instead of matching nothing. */
export const text = (messages: Record<string, string>, key: string) => {
  const message = messages[key];
  if (!message) throw new Error(`no string ${key}`);
  return message;
};
