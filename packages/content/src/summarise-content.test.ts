import { COURSE_TARGETS } from '@parla/shared/content.schema';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContentBank } from './load-content';
import { countableFromBank, countableFromDrafts, renderSummaryTable, summariseCourses } from './summarise-content';
import { at, makeUnit, removeFixtures, writeFixture } from './test-fixtures/make-fixture';
import { inspectContent } from './validate-content';

afterAll(removeFixtures);

describe('summariseCourses', () => {
  it('counts units, lessons, words and sentences per course and lists shortfalls', () => {
    const unit = makeUnit();
    delete at(unit, 'words', 0).ko;
    const inspection = inspectContent(writeFixture({ units: [unit, makeUnit({ id: 'food', order: 2 })] }));
    const courses = summariseCourses(countableFromDrafts(inspection.units), inspection.languages);

    expect(courses.map((c) => c.language)).toEqual(inspection.languages.map((l) => l.code));
    const es = courses.find((c) => c.language === 'es');
    expect(es).toMatchObject({
      label: '🇪🇸 Spanish',
      units: 2,
      lessons: 8,
      words: 40,
      sentences: 16,
    });
    expect(es?.shortfalls).toEqual(['units < 10', 'lessons < 50', 'words < 300', 'sentences < 120']);
    expect(courses.find((c) => c.language === 'ko')?.words).toBe(39);
  });

  it('gives the same numbers from a loaded bank', () => {
    const dir = writeFixture();
    const fromBank = summariseCourses(countableFromBank(loadContentBank(dir)));
    const fromDrafts = summariseCourses(countableFromDrafts(inspectContent(dir).units));
    expect(fromBank).toEqual(fromDrafts);
    expect(fromBank[0]?.label).toBe('es');
  });

  it('reports a course that meets every target', () => {
    const units = Array.from({ length: COURSE_TARGETS.units }, (_, i) =>
      makeUnit({
        id: `unit-${i + 1}`,
        order: i + 1,
        lessons: 5,
        wordsPerLesson: 6,
        sentencesPerLesson: 3,
      }),
    );
    const inspection = inspectContent(writeFixture({ units }));
    expect(inspection.issues).toEqual([]);
    const [first] = summariseCourses(countableFromDrafts(inspection.units), inspection.languages);
    expect(first).toMatchObject({
      units: 10,
      lessons: 50,
      words: 300,
      sentences: 150,
      shortfalls: [],
    });
  });
});

describe('renderSummaryTable', () => {
  it('renders a Markdown table with the targets', () => {
    const table = renderSummaryTable([
      {
        language: 'es',
        label: '🇪🇸 Spanish',
        units: 12,
        lessons: 60,
        words: 360,
        sentences: 150,
        shortfalls: [],
      },
      {
        language: 'nl',
        label: 'nl',
        units: 3,
        lessons: 15,
        words: 90,
        sentences: 40,
        shortfalls: ['units < 10'],
      },
    ]);
    expect(table.split('\n')).toEqual([
      '| Course | Units | Lessons | Words | Sentences | Meets targets |',
      '|---|--:|--:|--:|--:|---|',
      '| 🇪🇸 Spanish (es) | 12 | 60 | 360 | 150 | ✅ yes |',
      '| nl (nl) | 3 | 15 | 90 | 40 | ❌ no (units < 10) |',
      '',
      'Targets per course: ≥ 10 units, ≥ 50 lessons, ≥ 300 words, ≥ 120 sentences.',
    ]);
  });
});
