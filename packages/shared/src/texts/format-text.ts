/** A text that counts: one form per CLDR plural category of its language (`other` always). */
export type PluralText = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type TextMessage = string | PluralText;
export type TextValues = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * Fills `{name}` placeholders from `values` (a name without a value stays as written); for a
 * plural text, first picks the form `values.count` takes in `language`.
 */
export function formatText(language: string, message: TextMessage, values: TextValues = {}): string {
  const template =
    typeof message === 'string' ? message : (message[pluralCategory(language, Number(values.count))] ?? message.other);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}
