import fc from 'fast-check';
import type { ApiRoute } from './route-table';
import { arbitraryFromZod, HOSTILE_STRINGS, type SchemaArbitraryOptions, withOwnKey } from './schema-arbitrary';

/**
 * Whole HTTP requests for one route: inputs drawn from its zod schemas (params, query, body) as
 * the schema allows; the same with one field poisoned (a NUL or lone surrogate slipped into a valid
 * value, a prototype name, a hostile string); or hostile throughout: wrong types and keys, broken
 * JSON, wrong content types, deep nesting, bad percent-encoding. Strings may be placeholders (`@@name@@`)
 * that the suite replaces with a real id of its learner when it sends the request.
 */
export interface FuzzRequest {
  kind: 'schema' | 'poisoned' | 'hostile';
  params: Record<string, unknown>;
  /** Replaces one path parameter, unencoded (bad percent-encoding, over-long). */
  rawParam?: { name: string; value: string };
  query: unknown;
  /** Replaces the query string as is. */
  rawQuery?: string;
  body: BodyForm;
}

export type BodyForm =
  | { form: 'none' }
  | { form: 'json'; value: unknown; contentType: string }
  | { form: 'raw'; payload: string; contentType: string | undefined };

export const placeholder = (name: string) => `@@${name}@@`;

const RAW_PATH_SEGMENTS = [
  '%',
  '%%',
  '%E0%A4%A',
  '%ZZ',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  '%2e%2e',
  '..',
  '%u0041',
  'a'.repeat(10_000),
  `${'%F0%9F%98%80'.repeat(500)}`,
];
const RAW_QUERIES = [
  '%',
  'a=%E0%A4%A',
  'a=%ZZ',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'toString=1&valueOf=2&hasOwnProperty=3',
  'lang=en&lang=fr&language=es&language=xx',
  `q=${'x'.repeat(10_000)}`,
  'q=%00%00',
  'language[]=es',
  '&&&=&=',
];
const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
];
const OTHER_CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json, text/plain',
  'application/octet-stream',
  '',
];
const BROKEN_JSON = [
  '{',
  '{"a":}',
  'nul',
  '[1,]',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '01',
  'NaN',
  '',
];

function deepNesting(depth: number, object: boolean): string {
  return object ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A request known to reach the route's handler (strings may be placeholders). */
export interface RouteExample {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

type Inputs = { params: Record<string, unknown>; query: unknown; body: unknown };

/** The example with some of its fields (about one in four) swapped for generated ones. */
function mixed(example: RouteExample, generated: Inputs, mask: number): Inputs {
  let bit = -2;
  const mix = (base: Record<string, unknown> | undefined, other: unknown) => {
    if (base === undefined) return other;
    const source = other && typeof other === 'object' && !Array.isArray(other) ? (other as Record<string, unknown>) : {};
    const result: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(base), ...Object.keys(source)])) {
      bit = (bit + 2) % 30;
      const swap = ((mask >> bit) & 3) === 0;
      const value = swap || !(key in base) ? source[key] : base[key];
      if (value !== undefined) withOwnKey(result, key, value);
    }
    return result;
  };
  return {
    params: mix(example.params, generated.params) as Record<string, unknown>,
    query: mix(example.query, generated.query),
    body: mix(example.body, generated.body),
  };
}

export function fuzzRequests(
  route: ApiRoute,
  options: Pick<SchemaArbitraryOptions, 'strings' | 'byKey'>,
  example?: RouteExample,
): fc.Arbitrary<FuzzRequest> {
  const generatedInputs = (hostile: boolean): fc.Arbitrary<Inputs> => {
    const from = (schema: ApiRoute['schema']['body']) =>
      schema ? arbitraryFromZod(schema, { ...options, hostile }) : fc.constant(undefined);
    return fc.record({
      params: from(route.schema.params).map(
        (value) => (value && typeof value === 'object' ? value : {}) as Record<string, unknown>,
      ),
      query: from(route.schema.querystring),
      body: from(route.schema.body),
    });
  };
  // Independent strings rarely line up (a lesson, one of its exercises and the session that holds
  // it), so half the inputs start from the route's example, some fields swapped for generated ones:
  // a hostile question id then reaches a real session.
  const inputs = (hostile: boolean): fc.Arbitrary<Inputs> =>
    example === undefined
      ? generatedInputs(hostile)
      : fc.oneof(
          generatedInputs(hostile),
          fc
            .tuple(generatedInputs(hostile), fc.integer({ min: 0, max: 2 ** 30 - 1 }))
            .map(([generated, mask]) => mixed(example, generated, mask)),
        );
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);

  const asSchema = inputs(false).map(
    ({ params, query, body }): FuzzRequest => ({
      kind: 'schema',
      params,
      query,
      body: hasBody && body !== undefined ? { form: 'json', value: body, contentType: 'application/json' } : { form: 'none' },
    }),
  );

  const hostileBody: fc.Arbitrary<BodyForm> = fc.oneof(
    inputs(true).chain(({ body }) =>
      fc.constantFrom(...JSON_CONTENT_TYPES).map((contentType): BodyForm => ({ form: 'json', value: body ?? {}, contentType })),
    ),
    // An array where an object is expected.
    inputs(false).map(({ body }): BodyForm => ({ form: 'json', value: [body ?? {}], contentType: 'application/json' })),
    // A key that JavaScript treats specially, next to valid fields.
    fc
      .tuple(inputs(false), fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.jsonValue({ maxDepth: 2 }))
      .map(([{ body }, key, value]): BodyForm => {
        const target = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
        return {
          form: 'json',
          value: withOwnKey(target, key, key === 'constructor' ? { prototype: value } : value),
          contentType: 'application/json',
        };
      }),
    // The valid body, cut short or under another content type.
    fc
      .tuple(inputs(false), fc.constantFrom(...OTHER_CONTENT_TYPES))
      .map(([{ body }, contentType]): BodyForm => ({ form: 'raw', payload: JSON.stringify(body ?? {}), contentType })),
    fc.tuple(inputs(false), fc.nat()).map(([{ body }, cut]): BodyForm => {
      const text = JSON.stringify(body ?? {});
      return { form: 'raw', payload: text.slice(0, cut % Math.max(1, text.length)), contentType: 'application/json' };
    }),
    fc.constantFrom(...BROKEN_JSON).map((payload): BodyForm => ({ form: 'raw', payload, contentType: 'application/json' })),
    fc
      .tuple(fc.constantFrom(100, 5_000, 100_000), fc.boolean())
      .map(
        ([depth, object]): BodyForm => ({ form: 'raw', payload: deepNesting(depth, object), contentType: 'application/json' }),
      ),
  );

  const asPoisoned = fc.tuple(inputs(false), fc.nat(), poison).map(([{ params, query, body }, pick, replace]): FuzzRequest => {
    const poisoned = poisonOneLeaf({ params, query, body }, pick, replace);
    return {
      kind: 'poisoned',
      params: poisoned.params,
      query: poisoned.query,
      body:
        hasBody && poisoned.body !== undefined
          ? { form: 'json', value: poisoned.body, contentType: 'application/json' }
          : { form: 'none' },
    };
  });

  const asHostile = fc
    .record({
      inputs: inputs(true),
      body: hasBody ? hostileBody : fc.oneof(fc.constant<BodyForm>({ form: 'none' }), hostileBody),
      rawParam:
        paramNames.length > 0
          ? fc.option(
              fc.record({
                name: fc.constantFrom(...paramNames),
                value: fc.constantFrom(...RAW_PATH_SEGMENTS, ...HOSTILE_STRINGS),
              }),
              { freq: 3 },
            )
          : fc.constant(null),
      rawQuery: fc.option(fc.constantFrom(...RAW_QUERIES), { freq: 4 }),
    })
    .map(
      ({ inputs: { params, query }, body, rawParam, rawQuery }): FuzzRequest => ({
        kind: 'hostile',
        params,
        query,
        body,
        ...(rawParam ? { rawParam } : {}),
        ...(rawQuery !== null ? { rawQuery } : {}),
      }),
    );

  return fc.oneof({ weight: 2, arbitrary: asSchema }, { weight: 2, arbitrary: asPoisoned }, { weight: 3, arbitrary: asHostile });
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

/** What one field becomes: mostly its own value with something slipped in, so the rest stays valid. */
const poison: fc.Arbitrary<(original: unknown) => unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS).map((value) => () => value),
  fc.constantFrom(...PROTOTYPE_NAMES).map((value) => () => value),
  fc
    .tuple(fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '\uFEFF'), fc.nat())
    .map(([inserted, at]) => (original: unknown) => {
      const text = typeof original === 'string' ? original : String(original);
      const where = at % (text.length + 1);
      return `${text.slice(0, where)}${inserted}${text.slice(where)}`;
    }),
  fc.constant((original: unknown) =>
    typeof original === 'string' ? original.repeat(Math.ceil(10_000 / Math.max(1, original.length))) : original,
  ),
);

/** The inputs with exactly one leaf (a string, number, boolean or null anywhere in them) replaced. */
function poisonOneLeaf(inputs: Inputs, pick: number, replace: (original: unknown) => unknown): Inputs {
  const leaves: { holder: Record<string, unknown>; key: string }[] = [];
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    const holder = value as Record<string, unknown>;
    for (const key of Object.keys(holder)) {
      const item = holder[key];
      if (item !== null && typeof item === 'object') walk(item);
      else leaves.push({ holder, key });
    }
  };
  const copy = structuredClone(inputs);
  walk(copy);
  const leaf = leaves[pick % Math.max(1, leaves.length)];
  if (leaf) withOwnKey(leaf.holder, String(leaf.key), replace(leaf.holder[leaf.key]));
  return copy;
}

/** Replaces every string that is exactly a placeholder by its value, at any depth (own keys kept, `__proto__` too). */
export function substitute(value: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    const name = /^@@(.+)@@$/.exec(value)?.[1];
    return name !== undefined && name in values ? values[name] : value;
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, values));
  if (value && typeof value === 'object') {
    const copy = {};
    for (const key of Object.keys(value)) withOwnKey(copy, key, substitute((value as Record<string, unknown>)[key], values));
    return copy;
  }
  return value;
}

/** Percent-encoded as a browser would: a lone surrogate becomes U+FFFD (encodeURIComponent would throw). */
function encodeSegment(value: string): string {
  return encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));
}

/** The request's path and query, encoded as a client would (or raw where the input says so). */
export function requestUrl(route: ApiRoute, request: FuzzRequest, values: Readonly<Record<string, string>>): string {
  const params = substitute(request.params, values) as Record<string, unknown>;
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    if (request.rawParam?.name === name) return request.rawParam.value;
    return encodeSegment(String(params[name] ?? ''));
  });
  if (request.rawQuery !== undefined) return `${path}?${request.rawQuery}`;
  const query = substitute(request.query, values);
  if (query === undefined) return path;
  const search = new URLSearchParams();
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [key, item] of Object.entries(query)) {
      for (const one of Array.isArray(item) ? item : [item])
        search.append(key, typeof one === 'string' ? one : JSON.stringify(one));
    }
  } else search.append('value', JSON.stringify(query));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function requestPayload(
  request: FuzzRequest,
  values: Readonly<Record<string, string>>,
): { payload?: string; contentType?: string } {
  const body = request.body;
  if (body.form === 'none') return {};
  if (body.form === 'raw')
    return { payload: body.payload, ...(body.contentType === undefined ? {} : { contentType: body.contentType }) };
  return { payload: JSON.stringify(substitute(body.value, values)) ?? 'null', contentType: body.contentType };
}
