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
  it('makes 3 multiple choice, 2 fill-blank, 2 word-order, 1 listening and 1 speaking exercise with their XP', () => {
    const exercises = generateLesson({ bank, lesson: lessonOf('greetings-1'), course: 'es', native: 'en', seed: 7 });
    const count = (type: string) => exercises.filter((item) => item.exercise.type === type).length;
    expect([count('multiple-choice'), count('fill-blank'), count('drag-drop')]).toEqual([3, 2, 2]);
    expect([count('listening'), count('speaking')]).toEqual([1, 1]);
    expect(exercises.map((item) => item.exercise.id)).toEqual(['ex1', 'ex2', 'ex3', 'ex4', 'ex5', 'ex6', 'ex7', 'ex8', 'ex9']);
    for (const { exercise } of exercises) {
      expect(exercise.xp_reward).toBe(
        { 'multiple-choice': 25, 'fill-blank': 30, 'drag-drop': 35, listening: 40, speaking: 40 }[exercise.type],
      );
    }
  });

  it('hears a sentence in shuffled words, and asks to say one (with its romanisation)', () => {
    const exercises = generateLesson({ bank, lesson: lessonOf('greetings-1'), course: 'ja', native: 'en', seed: 5 });
    const listening = exercises.find((item) => item.exercise.type === 'listening');
    const speaking = exercises.find((item) => item.exercise.type === 'speaking');
    if (listening?.exercise.type !== 'listening' || listening.key.kind !== 'tokens') throw new Error('no listening item');
    if (speaking?.exercise.type !== 'speaking' || speaking.key.kind !== 'speech') throw new Error('no speaking item');

    const { words, speech_text } = listening.exercise.content;
    expect(listening.key.tokens.join('')).toBe(speech_text.replace(/[\p{P}\s]/gu, ''));
    expect([...words].sort()).toEqual([...listening.key.tokens].sort());
    expect(words).not.toEqual(listening.key.tokens);
    expect(listening.exercise.metadata.skill_type).toBe('listening');
    expect(listening.exercise.instruction).toBe('Listen and put the words in the order you hear them');

    expect(speaking.exercise.content).toMatchObject({
      sentence: speaking.key.text,
      roman: expect.any(String),
      translation: expect.any(String),
    });
    expect(speaking.exercise.instruction).toBe('Say this sentence out loud');
    // Two different sentences when the lesson has them.
    expect(speaking.key.text).not.toBe(speech_text);
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
      expect([
        'Elige la traducción correcta',
        'Completa la palabra que falta',
        'Ordena las palabras correctamente',
        'Escucha y ordena las palabras tal como las oyes',
        'Di esta frase en voz alta',
      ]).toContain(item.exercise.instruction);
      // A fill-in's word bank holds the answer among others, with nothing saying which.
      const { choices, ...content } = item.exercise.content as { choices?: { text: string }[] };
      const shown = JSON.stringify({ ...item.exercise, content });
      expect(shown).not.toContain('isAnswer');
      if (item.key.kind === 'text') {
        expect(shown).not.toContain(`"${item.key.text}"`);
        if (item.key.roman) expect(shown).not.toContain(item.key.roman);
        expect(choices?.filter((choice) => choice.text === item.key.text)).toHaveLength(1);
        expect(Object.keys(choices?.[0] ?? {}).sort()).toEqual(expect.arrayContaining(['text']));
        for (const choice of choices ?? [])
          expect(Object.keys(choice).every((name) => ['text', 'roman'].includes(name))).toBe(true);
      }
      if (item.key.kind === 'tokens') expect((item.exercise.content as { words: string[] }).words).not.toEqual(item.key.tokens);
      // Only the text to read aloud carries a listening item's sentence, in a field never shown.
      if (item.exercise.type === 'listening')
        expect(JSON.stringify({ ...item.exercise.content, speech_text: '' })).not.toContain(item.exercise.content.speech_text);
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
        expect(exercises, `${course} ${lesson.id}`).toHaveLength(9);
        const options = exercises.flatMap((item) =>
          item.exercise.type === 'multiple-choice' ? [item.exercise.content.options] : [],
        );
        for (const list of options) expect(new Set(list.map((option) => option.text)).size, `${course} ${lesson.id}`).toBe(4);
      }
    }
  });

  it('accepts a fill-in in the romanisation and offers a word bank of 4–6 taught words, each with its romanisation', () => {
    const exercises = generateLesson({ bank, lesson: lessonOf('greetings-1'), course: 'ja', native: 'en', seed: 9 });
    const fills = exercises.filter((item) => item.exercise.type === 'fill-blank');
    expect(fills).toHaveLength(2);
    for (const item of fills) {
      if (item.exercise.type !== 'fill-blank' || item.key.kind !== 'text') throw new Error('not a fill-in');
      const choices = item.exercise.content.choices ?? [];
      expect(choices.length).toBeGreaterThanOrEqual(4);
      expect(choices.length).toBeLessThanOrEqual(6);
      expect(new Set(choices.map((choice) => choice.text)).size).toBe(choices.length);
      const answer = choices.find((choice) => choice.text === item.key.text);
      expect(answer).toBeDefined();
      if (item.key.roman) {
        expect(answer?.roman).toBe(item.key.roman);
        expect(item.key.romanisations).toContain(item.key.roman);
      }
    }
    // おはようございます is the word "good morning": its romaji is accepted.
    const morning = generateLesson({ bank, lesson: lessonOf('greetings-1'), course: 'ja', native: 'en', seed: 1 })
      .concat(generateLesson({ bank, lesson: lessonOf('greetings-1'), course: 'ja', native: 'en', seed: 2 }))
      .concat(generateLesson({ bank, lesson: lessonOf('greetings-1'), course: 'ja', native: 'en', seed: 3 }))
      .find((item) => item.key.kind === 'text' && item.key.text === 'おはようございます');
    expect(morning?.key).toMatchObject({ roman: 'ohayō gozaimasu', romanisations: expect.arrayContaining(['ohayō gozaimasu']) });
    expect(morning?.exercise.content).toMatchObject({ roman: 'Minasan, ____.' });
    // おはよう, another way to say it, is never offered as a wrong chip.
    const chips = morning?.exercise.type === 'fill-blank' ? (morning.exercise.content.choices ?? []) : [];
    expect(chips.map((chip) => chip.text)).not.toContain('おはよう');
  });

  it('gives Latin courses no word bank, and word chips their romanisation in non-Latin ones when the content has it', () => {
    const spanish = generateLesson({ bank, lesson: lessonOf('greetings-2'), course: 'es', native: 'en', seed: 4 });
    for (const item of spanish) {
      expect(item.exercise.content).not.toHaveProperty('choices');
      expect(item.exercise.content).not.toHaveProperty('words_roman');
    }
    for (const course of ['ru', 'ko', 'hi', 'ar'] as const) {
      for (const item of generateLesson({ bank, lesson: lessonOf('greetings-2'), course, native: 'en', seed: 4 })) {
        if (item.exercise.type !== 'drag-drop' && item.exercise.type !== 'listening') continue;
        const { words, words_roman } = item.exercise.content;
        if (!words_roman) continue;
        expect(words_roman).toHaveLength(words.length);
        const sentence = [...bank.sentencesById.values()].find(
          (candidate) => candidate.forms[course].text === (item.key.kind === 'tokens' ? item.key.text : ''),
        );
        const form = sentence?.forms[course] as { tokens: string[]; tokens_roman?: string[] } | undefined;
        words.forEach((word, index) => {
          expect(words_roman[index]).toBe(form?.tokens_roman?.[form.tokens.indexOf(word)]);
        });
      }
    }
  });

  it('never uses a word or sentence before the lesson that teaches it (course order: unit, then lesson)', () => {
    const ordered = [...bank.units].sort((a, b) => a.order - b.order).flatMap((unit) => unit.lessons);
    for (const course of ['ja', 'es', 'ar'] as const) {
      ordered.forEach((lesson, position) => {
        const taught = ordered.slice(0, position + 1);
        const words = new Set(taught.flatMap((candidate) => candidate.words.map((word) => word.forms[course].text)));
        const sentences = new Set(
          taught.flatMap((candidate) => candidate.sentences.map((sentence) => sentence.forms[course].text)),
        );
        const tokens = new Set(
          taught.flatMap((candidate) => candidate.sentences.flatMap((sentence) => sentence.forms[course].tokens)),
        );
        for (const seed of [1, 2]) {
          for (const item of generateLesson({ bank, lesson, course, native: 'en', seed })) {
            const where = `${course} ${lesson.id} ${item.exercise.type}`;
            const { exercise, key } = item;
            if (exercise.type === 'multiple-choice')
              for (const option of exercise.content.options) expect(words.has(option.text), where).toBe(true);
            if (exercise.type === 'fill-blank')
              for (const choice of exercise.content.choices ?? [])
                expect(words.has(choice.text) || tokens.has(choice.text), where).toBe(true);
            if (key.kind === 'tokens' || key.kind === 'speech') expect(sentences.has(key.text ?? ''), where).toBe(true);
            if (exercise.type === 'fill-blank')
              expect(
                [...sentences].some((text) => text.includes(key.kind === 'text' ? key.text : '')),
                where,
              ).toBe(true);
          }
        }
      });
    }
  });
});
