import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { at, makeUnit, removeFixtures, writeFixture } from './test-fixtures/make-fixture';

afterAll(removeFixtures);

function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('content validate', () => {
  it("prints a one-line success with the bank's size", () => {
    const dir = writeFixture();
    expect(run('validate', '--dir', dir)).toEqual({
      code: 0,
      out: '✓ content valid: 1 unit, 4 lessons, 20 words, 8 sentences',
      err: '',
    });
  });

  it('prints issues grouped by file and exits with 1', () => {
    const unit = makeUnit();
    at(unit, 'words', 0).ja = { text: 'apple', roman: 'appuru' };
    const other = makeUnit({ id: 'food', order: 2 });
    delete at(other, 'sentences', 0).zh;
    const dir = writeFixture({ units: [unit, other] });
    const { code, out } = run('validate', '--dir', dir);
    expect(code).toBe(1);
    expect(out).toMatch(
      /^units\/01-greetings\.yaml:\d+ {2}word "greetings-word-1" {2}ja: text is not in Japanese script \(kana\/kanji\) \(found Latin "apple"\)\n\nunits\/02-food\.yaml:\d+ {2}sentence "food-s01" {2}zh: missing/,
    );
    expect(out).toMatch(/✗ 2 issues in 2 files$/);
  });

  it('limits the report to the files given', () => {
    const unit = makeUnit();
    at(unit, 'words', 0).es = 'дом';
    const dir = writeFixture({ units: [unit, makeUnit({ id: 'food', order: 2 })] });
    const clean = run('validate', '--dir', dir, 'units/02-food.yaml');
    expect(clean.code).toBe(0);
    expect(clean.out).toMatch(/^✓ no issues in units\/02-food\.yaml \(but 1 issue in other files/);
    const broken = run('validate', '--dir', dir, path.join(dir, 'units/01-greetings.yaml'));
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('es: text is not in Latin script');
  });

  it('rejects unknown files and options', () => {
    const dir = writeFixture();
    expect(run('validate', '--dir', dir, 'units/99-nope.yaml')).toMatchObject({
      code: 2,
      err: 'units/99-nope.yaml: file not found',
    });
    expect(run('validate', '--verbose').code).toBe(2);
    expect(run('frobnicate').code).toBe(2);
  });
});

describe('content summary', () => {
  it('prints the Markdown table', () => {
    const { code, out } = run('summary', '--dir', writeFixture());
    expect(code).toBe(0);
    expect(out).toContain('| Course | Units | Lessons | Words | Sentences | Meets targets |');
    expect(out).toContain(
      '| 🇪🇸 Spanish (es) | 1 | 4 | 20 | 8 | ❌ no (units < 10, lessons < 50, words < 300, sentences < 120) |',
    );
  });
});
