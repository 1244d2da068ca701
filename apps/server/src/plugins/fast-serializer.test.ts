import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rememberJson } from '../lib/remembered-json';
import { fastSerializerCompiler, fastSerializerCompilerSplicing } from './fast-serializer';

const Item = z.object({ id: z.string(), done: z.boolean() }).meta({ id: 'FastSerializerTestItem' });
const Response = z.object({
  name: z.string(),
  plan: z.enum(['free', 'premium']),
  left: z.number().int().nullable(),
  items: z.array(Item),
  week: z.array(z.object({ date: z.iso.date(), xp: z.number().int() })),
});

describe('fastSerializerCompiler', () => {
  const serialize = fastSerializerCompiler({ schema: Response });

  it('writes the same JSON as JSON.stringify for a value of the schema', () => {
    const value = {
      name: 'Ana "García" ✓',
      plan: 'premium',
      left: null,
      items: [{ id: 'greetings-1', done: true }],
      week: [{ date: '2026-11-21', xp: 10 }],
    };
    expect(serialize(value)).toBe(JSON.stringify(value));
    expect(serialize({ ...value, left: 1 })).toBe(JSON.stringify({ ...value, left: 1 }));
  });

  it('leaves out every field the schema does not declare', () => {
    const json = serialize({
      name: 'Ana',
      plan: 'free',
      left: 1,
      password_hash: 'secret',
      items: [{ id: 'x', done: false, internal: 1 }],
      week: [],
    });
    expect(JSON.parse(json)).toEqual({ name: 'Ana', plan: 'free', left: 1, items: [{ id: 'x', done: false }], week: [] });
  });
});

describe('fastSerializerCompilerSplicing', () => {
  const serialize = fastSerializerCompilerSplicing('items')({ schema: Response });
  const value = {
    name: 'Ana',
    plan: 'free',
    left: 2,
    items: [{ id: 'greetings-1', done: false }],
    week: [{ date: '2026-11-21', xp: 10 }],
  };

  it('writes the field from its remembered JSON, the rest as the schema says', () => {
    const items = rememberJson([{ id: 'greetings-1', done: false }]);
    expect(JSON.parse(serialize({ ...value, items }))).toEqual(value);
  });

  it('writes a field with nothing remembered with JSON.stringify', () => {
    expect(JSON.parse(serialize(value))).toEqual(value);
    expect(JSON.parse(serialize({ ...value, secret: 'x' }))).toEqual(value);
  });

  it('compiles the route’s other answers (no such field) as they are', () => {
    const error = fastSerializerCompilerSplicing('items')({ schema: z.object({ detail: z.string() }) });
    expect(error({ detail: 'no', code: 'x' })).toBe('{"detail":"no"}');
  });
});
