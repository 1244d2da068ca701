import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from the routes' zod schemas, through `z.toJSONSchema` (the input side:
 * what a client may send). JSON Schema says what zod can express as data; refinements (a known
 * time zone, a password's length in code points) and pipes (an e-mail behind `.trim()`) it
 * cannot, so `byKey` supplies values for such fields by name.
 */

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
};

export interface SchemaArbitraryOptions {
  /** Values any string may take besides generated ones: real ids, so requests reach the handlers. */
  strings?: readonly string[];
  /** Values for a property of this name, drawn three times as often as what its schema generates. */
  byKey?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** Also hostile values: wrong types, hostile strings and keys, lengths and counts past the limits. */
  hostile?: boolean;
}

/** Strings that have broken servers: NUL, lone surrogates, prototype names, huge, control and bidi characters. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  'x'.repeat(10_000),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  "' or '1'='1",
  '"; drop table users; --',
  '%',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '\u202Eevil',
  '😀'.repeat(300),
  'null',
  'NaN',
  '-1',
  '1e309',
  '\n\r\t\u000B\u000C',
  '<script>alert(1)</script>',
  'ＡＢＣ',
  'İı',
  '\u0301',
];

/** A value of another type than the schema asks for, at any level. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, 0, -1, 1.5, 2 ** 53, 1e308, [], {}, [[]], [{}], 'true', '0'),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.jsonValue({ maxDepth: 2 }),
);

/** An object whose own keys include one that JavaScript treats specially. */
export const prototypeKeyObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'), fc.jsonValue({ maxDepth: 2 }))
  .map(([key, value]) => withOwnKey({}, key, value));

/** Sets an own, enumerable key even when it is `__proto__` (which plain assignment would not). */
export function withOwnKey<T extends object>(target: T, key: string, value: unknown): T {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

const GENERATED_STRING_MAX = 80;
const GENERATED_ARRAY_MAX = 8;

export function arbitraryFromZod(schema: z.ZodType, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return arbitraryFromJsonSchema(json, json, options);
}

export function arbitraryFromJsonSchema(
  schema: JsonSchema,
  root: JsonSchema,
  options: SchemaArbitraryOptions,
  key?: string,
): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, root, options, key);
  const byKey = key === undefined ? undefined : options.byKey?.[key];
  const withHints = byKey ? fc.oneof({ weight: 1, arbitrary: valid }, { weight: 3, arbitrary: byKey }) : valid;
  return options.hostile ? fc.oneof({ weight: 6, arbitrary: withHints }, { weight: 1, arbitrary: wrongType }) : withHints;
}

function validArbitrary(
  schema: JsonSchema,
  root: JsonSchema,
  options: SchemaArbitraryOptions,
  key: string | undefined,
): fc.Arbitrary<unknown> {
  const recurse = (child: JsonSchema, childKey = key) => arbitraryFromJsonSchema(child, root, options, childKey);

  if (schema.$ref !== undefined) return recurse(resolveRef(schema.$ref, root));
  if (schema.anyOf ?? schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map((child) => recurse(child)));
  if (schema.allOf?.[0]) return recurse(schema.allOf[0]);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => recurse({ ...schema, type })));

  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, options);
    case 'integer':
    case 'number':
      return numberArbitrary(schema, options);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, options, (child) => recurse(child));
    case 'object':
      return objectArbitrary(schema, options, (child, childKey) => recurse(child, childKey));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
  const target = name === undefined ? undefined : root.$defs?.[name];
  if (!target) throw new Error(`cannot resolve ${ref}`);
  return target;
}

function stringArbitrary(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength;
  const cap = Math.max(minLength, Math.min(maxLength ?? GENERATED_STRING_MAX, GENERATED_STRING_MAX));
  let generated: fc.Arbitrary<string>;
  if (schema.format === 'uuid') generated = fc.uuid();
  else if (schema.format === 'email') generated = fc.emailAddress();
  else if (schema.format === 'date-time') generated = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  else if (schema.pattern !== undefined) generated = fc.stringMatching(new RegExp(schema.pattern));
  else
    generated = fc.oneof(
      fc.string({ minLength, maxLength: cap }),
      fc.string({ minLength, maxLength: cap, unit: 'grapheme' }),
      fc.string({ minLength, maxLength: cap, unit: 'binary' }),
    );

  const choices: fc.Arbitrary<string>[] = [generated];
  if (options.strings?.length) choices.push(fc.constantFrom(...options.strings));
  if (options.hostile) {
    choices.push(fc.constantFrom(...HOSTILE_STRINGS));
    // Just inside and just past the limits.
    const edges = [minLength, Math.max(0, minLength - 1), maxLength, maxLength === undefined ? undefined : maxLength + 1];
    choices.push(fc.constantFrom(...new Set(edges.filter((length) => length !== undefined))).map((length) => 'é'.repeat(length)));
  }
  return fc.oneof(...choices);
}

function numberArbitrary(schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1);
  const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - 1);
  const generated =
    schema.type === 'integer'
      ? fc.integer({ min: min ?? -1_000_000, max: max ?? 1_000_000 })
      : fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
  if (!options.hostile) return generated;
  const edges = [
    min,
    max,
    min === undefined ? undefined : min - 1,
    max === undefined ? undefined : max + 1,
    0.5,
    -0,
    2 ** 31,
    2 ** 63,
  ];
  return fc.oneof(generated, fc.constantFrom(...edges.filter((edge): edge is number => edge !== undefined)));
}

function arrayArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
  item: (schema: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? GENERATED_ARRAY_MAX, GENERATED_ARRAY_MAX));
  const items = item(schema.items ?? {});
  const generated = fc.array(items, { minLength, maxLength });
  if (!options.hostile || schema.maxItems === undefined) return generated;
  // One past the limit, and a long list of the same item.
  return fc.oneof(
    { weight: 4, arbitrary: generated },
    { weight: 1, arbitrary: fc.array(items, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }) },
    { weight: 1, arbitrary: items.map((value) => Array.from({ length: 1_000 }, () => value)) },
  );
}

function objectArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
  property: (schema: JsonSchema, key: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, property(child, key)]));
  const generated = fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
  if (!options.hostile) return generated;
  return fc.oneof(
    { weight: 5, arbitrary: generated },
    // Every property, required or not.
    { weight: 1, arbitrary: fc.record(model) as fc.Arbitrary<Record<string, unknown>> },
    // A required property missing.
    {
      weight: 1,
      arbitrary: fc
        .tuple(generated, fc.constantFrom('', ...(schema.required ?? [])))
        .map(([value, missing]) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== missing))),
    },
    // An extra key, possibly one JavaScript treats specially.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          generated,
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'extra', 'user_id', 'plan', 'total_xp'),
          wrongType,
        )
        .map(([value, key, extra]) => withOwnKey({ ...value }, key, extra)),
    },
  );
}
