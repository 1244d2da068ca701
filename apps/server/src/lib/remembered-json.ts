/**
 * JSON remembered for values that never change (a lesson variant's exercises, sent to every learner
 * who draws it): a serializer asks `jsonOf` and writes the text made once instead of walking the
 * value again. Only for values nobody mutates after `rememberJson`.
 */
const remembered = new WeakMap<object, { json: string; ref: string | undefined }>();

/**
 * `ref`, when given, names where the same JSON is kept for good (`variant:<id>`): a stored answer
 * that contains it may keep the name instead of the text (plugins/idempotency).
 */
export function rememberJson<T extends object>(value: T, json: string = JSON.stringify(value), ref?: string): T {
  remembered.set(value, { json, ref });
  return value;
}

export function jsonOf(value: unknown): string {
  return (typeof value === 'object' && value !== null && remembered.get(value)?.json) || JSON.stringify(value);
}

/** The remembered JSON of a value and the name it is kept under; undefined when it has none. */
export function rememberedFragment(value: unknown): { json: string; ref: string } | undefined {
  const found = typeof value === 'object' && value !== null ? remembered.get(value) : undefined;
  return found?.ref === undefined ? undefined : { json: found.json, ref: found.ref };
}
