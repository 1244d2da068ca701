import { z } from 'zod';

const NUL = '\u0000';

/**
 * A string a person sends that the server may store or compare in SQL. PostgreSQL refuses U+0000
 * in text and jsonb, so it is refused here, as a 400 naming the field, instead of failing the
 * query with a 500. Every user-text field starts from this schema.
 */
export function userText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !value.includes(NUL), 'Must not contain a NUL character (U+0000).');
}
