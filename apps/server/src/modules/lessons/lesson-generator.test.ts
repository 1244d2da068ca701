import { loadContentBank } from '@parla/content/load-content';
import { TARGET_LANGUAGES } from '@parla/shared/content.schema';
import { describe, expect, it } from 'vitest';
import { generateLesson } from './lesson-generator';

const bank = loadContentBank();
const lessonOf = (id: string) => {
  const lesson = bank.lessonsById.get(id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  return lesson;
};

describe('generateLesson', () => {
  it('makes 3 multiple choice, 2 fill-blank and 2 word-order exercises with their XP', () => {
    const exercises = generateLesson({ bank, lesson: lessonOf('greetings-1'), course: 'es', native: 'en', seed: 7 });
    const count = (type: string) => exercises.filter((item) => item.exercise.type === type).length;
    expect([count('multiple-choice'), count('fill-blank'), count('drag-drop')]).toEqual([3, 2, 2]);
    expect(exercises.map((item) => item.exercise.id)).toEqual(['ex1', 'ex2', 'ex3', 'ex4', 'ex5', 'ex6', 'ex7']);
    for (const { exercise } of exercises) {
      expect(exercise.xp_reward).toBe({ 'multiple-choice': 25, 'fill-blank': 30, 'drag-drop': 35 }[exercise.type]);
    }
  });

  it('is deterministic for a seed and varies between seeds', () => {
    const input = { bank, lesson: lessonOf('food-2'), course: 'fr' as const, native: 'de' as const };
    expect(generateLesson({ ...input, seed: 42 })).toEqual(generateLesson({ ...input, seed: 42 }));
    const orders = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        generateLesson({ ...input, seed })
          .map((item) => item.exercise.type)
          .join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('writes instructions in the native language and never shows the answer', () => {
    const exercises = generateLesson({ bank, lesson: lessonOf('greetings-1'), course: 'ja', native: 'es', seed: 3 });
    for (const item of exercises) {
      expect(item.exercise.instruction_language).toBe('es');
      expect(['Elige la traducción correcta', 'Completa la palabra que falta', 'Ordena las palabras correctamente']).toContain(
        item.exercise.instruction,
      );
      const shown = JSON.stringify(item.exercise);
      expect(shown).not.toContain('isAnswer');
      if (item.key.kind === 'text') expect(shown).not.toContain(`"${item.key.text}"`);
      if (item.key.kind === 'tokens') expect((item.exercise.content as { words: string[] }).words).not.toEqual(item.key.tokens);
    }
  });

  it('masks the key word, keeping its first and last letters', () => {
    const fills = generateLesson({ bank, lesson: lessonOf('food-1'), course: 'es', native: 'en', seed: 11 }).filter(
      (item) => item.exercise.type === 'fill-blank',
    );
    for (const item of fills) {
      const content = item.exercise.content as { context: string; masked_word: string };
      const answer = item.key.kind === 'text' ? item.key.text : '';
      expect(content.context).toContain('____');
      expect(content.masked_word.startsWith([...answer][0] ?? '')).toBe(true);
      expect([...content.masked_word]).toHaveLength([...answer].length);
    }
  });

  it('works for every lesson of every course', () => {
    for (const course of TARGET_LANGUAGES) {
      for (const lesson of bank.lessonsById.values()) {
        const exercises = generateLesson({ bank, lesson, course, native: course === 'ru' ? 'en' : 'ru', seed: 1 });
        expect(exercises, `${course} ${lesson.id}`).toHaveLength(7);
        const options = exercises.flatMap((item) =>
          item.exercise.type === 'multiple-choice' ? [item.exercise.content.options] : [],
        );
        for (const list of options) expect(new Set(list.map((option) => option.text)).size, `${course} ${lesson.id}`).toBe(4);
      }
    }
  });
});
