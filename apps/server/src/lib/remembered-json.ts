/**
 * JSON remembered for values that never change (a lesson variant's exercises, sent to every learner
 * who draws it): a serializer asks `jsonOf` and writes the text made once instead of walking the
 * value again. Only for values nobody mutates after `rememberJson`.
 */
const remembered = new WeakMap<object, string>();

export function rememberJson<T extends object>(value: T, json: string = JSON.stringify(value)): T {
  remembered.set(value, json);
  return value;
}

export function jsonOf(value: unknown): string {
  return (typeof value === 'object' && value !== null && remembered.get(value)) || JSON.stringify(value);
}
