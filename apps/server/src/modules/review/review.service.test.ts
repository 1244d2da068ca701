import { describe, expect, it } from 'vitest';
import { lessonCards } from './review.service';

const now = new Date('2026-11-21T10:00:00Z');
const later = (card: { due: string }) => new Date(card.due).getTime() > now.getTime();

describe('lessonCards', () => {
  it('adds the lesson’s new words as new cards due now and schedules the words asked about', () => {
    const cards = lessonCards(
      ['hola', 'adios', 'gracias', 'perdon'],
      [],
      [
        { wordId: 'hola', correct: true },
        { wordId: 'adios', correct: false },
      ],
      now,
    );
    const byWord = new Map(cards.map((card) => [card.word_id, card]));
    expect([...byWord.keys()].sort()).toEqual(['adios', 'gracias', 'hola', 'perdon']);
    // Not asked about: a new card (state 0, no reviews), due at once.
    expect(byWord.get('gracias')).toMatchObject({ reps: 0, state: 0, due: now.toISOString(), last_review: null });
    // Asked about: reviewed once, whatever the answer; a right answer waits longer than a wrong one.
    const right = byWord.get('hola');
    const wrong = byWord.get('adios');
    if (!right || !wrong) throw new Error('graded cards missing');
    expect(right).toMatchObject({ reps: 1, last_review: now.toISOString() });
    expect(wrong).toMatchObject({ reps: 1, last_review: now.toISOString() });
    expect(later(right)).toBe(true);
    expect(new Date(right.due).getTime()).toBeGreaterThan(new Date(wrong.due).getTime());
  });

  it('leaves cards of words met before alone unless they were asked about', () => {
    const known = {
      word_id: 'hola',
      due: '2026-12-01T10:00:00.000Z',
      stability: 8,
      difficulty: 5,
      scheduled_days: 10,
      learning_steps: 0,
      reps: 4,
      lapses: 0,
      state: 2,
      last_review: '2026-11-21T09:00:00.000Z',
    };
    expect(lessonCards(['hola', 'adios'], [known], [], now).map((card) => card.word_id)).toEqual(['adios']);

    // Asked again and answered wrong: the known card lapses, from its own state rather than a new one.
    const [relearned] = lessonCards(['hola'], [known], [{ wordId: 'hola', correct: false }], now);
    expect(relearned).toMatchObject({ word_id: 'hola', reps: 5, lapses: 1 });
  });

  it('grades a word asked twice once, wrong if either answer was wrong', () => {
    const [card] = lessonCards(
      ['hola'],
      [],
      [
        { wordId: 'hola', correct: true },
        { wordId: 'hola', correct: false },
      ],
      now,
    );
    const [wrongOnce] = lessonCards(['hola'], [], [{ wordId: 'hola', correct: false }], now);
    expect(card).toEqual(wrongOnce);
  });
});
