import type { Exercise } from '@parla/shared/lessons.schema';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { markPractice } from '../lesson-rounds';
import { ExerciseFeedback } from './exercise-feedback';
import { FillBlankExercise } from './fill-blank-exercise';
import { WordOrderExercise } from './word-order-exercise';

const base = {
  instruction_language: 'en' as const,
  xp_reward: 30,
  metadata: { target_language: 'ja' as const, native_language: 'en' as const, skill_type: 'writing' },
};

const fill: Extract<Exercise, { type: 'fill-blank' }> = {
  ...base,
  id: 'ex2',
  type: 'fill-blank',
  instruction: 'Fill in the missing word',
  content: {
    context: '皆さん、____。',
    masked_word: 'お＿＿＿＿＿＿＿す',
    hint: 'Good morning, everyone!',
    roman: 'Minasan, ____.',
    choices: [
      { text: 'こんにちは', roman: 'konnichiwa' },
      { text: 'おはようございます', roman: 'ohayō gozaimasu' },
      { text: 'ようこそ', roman: 'yōkoso' },
      { text: 'さようなら', roman: 'sayōnara' },
    ],
  },
};

const order: Extract<Exercise, { type: 'drag-drop' }> = {
  ...base,
  id: 'ex3',
  type: 'drag-drop',
  instruction: 'Put the words in order',
  content: { prompt: 'Goodbye, Anna.', words: ['アンナさん', 'さようなら'], words_roman: ['Anna-san', 'sayōnara'] },
};

describe('a fill-in in a non-Latin course', () => {
  it('offers a word bank: a chip, chosen by keyboard, fills the box and Enter on Check answers with it', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    await renderWithApp(
      <FillBlankExercise
        exercise={fill}
        course="ja"
        showRoman={false}
        submitted={undefined}
        disabled={false}
        onAnswer={onAnswer}
      />,
    );
    const bank = screen.getByRole('list', { name: 'Word bank' });
    const chips = within(bank).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['こんにちは', 'おはようございます', 'ようこそ', 'さようなら']);
    // No romanisation while the switch is off, and no chip marked as the answer.
    expect(screen.queryByText('ohayō gozaimasu')).not.toBeInTheDocument();
    for (const chip of chips) expect(chip).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(/type it in Latin letters/)).toBeInTheDocument();

    // Keyboard only: Tab from the box past Check into the bank, Space on the second chip.
    act(() => screen.getByLabelText('Your answer').focus());
    // Check stays disabled (out of the tab order) while the box is empty.
    await user.tab();
    await user.tab();
    expect(chips[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByLabelText('Your answer')).toHaveValue('おはようございます');
    expect(chips[1]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Check' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenCalledWith('おはようございます');
  });

  it('shows each chip’s and the sentence’s romanisation when the switch is on, and still takes typed romaji', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    await renderWithApp(
      <FillBlankExercise
        exercise={fill}
        course="ja"
        showRoman={true}
        submitted={undefined}
        disabled={false}
        onAnswer={onAnswer}
      />,
    );
    const chip = screen.getByRole('button', { name: /おはようございます/ });
    expect(chip).toHaveTextContent('おはようございますohayō gozaimasu');
    expect(within(chip).getByText('おはようございます')).toHaveAttribute('lang', 'ja');
    expect(screen.getByText('Minasan, ____.')).toBeInTheDocument();
    // The hint (native language) is isolated for bidirectional text.
    expect(screen.getByText('Good morning, everyone!')).toHaveAttribute('dir', 'auto');
    await user.keyboard('ohayou gozaimasu{Enter}');
    expect(onAnswer).toHaveBeenCalledWith('ohayou gozaimasu');
  });

  it('has no word bank in a Latin course exercise without one', async () => {
    const { choices: _choices, roman: _roman, ...content } = fill.content;
    await renderWithApp(
      <FillBlankExercise
        exercise={{ ...fill, content: { ...content, context: 'Buenos ____.', hint: 'Good morning.' } }}
        course="es"
        showRoman={false}
        submitted={undefined}
        disabled={false}
        onAnswer={() => {}}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Word bank' })).not.toBeInTheDocument();
  });
});

describe('word chips', () => {
  it('show no romanisation while the switch is off', async () => {
    await renderWithApp(
      <WordOrderExercise
        exercise={order}
        course="ja"
        showRoman={false}
        submitted={undefined}
        disabled={false}
        onAnswer={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'さようなら' })).toBeInTheDocument();
    expect(screen.queryByText('sayōnara')).not.toBeInTheDocument();
  });

  it('show each word’s romanisation under it when the switch is on, and keep it once placed', async () => {
    const user = userEvent.setup();
    await renderWithApp(
      <WordOrderExercise
        exercise={order}
        course="ja"
        showRoman={true}
        submitted={undefined}
        disabled={false}
        onAnswer={() => {}}
      />,
    );
    const bank = screen.getByRole('list', { name: 'Words to use' });
    expect(within(bank).getByRole('button', { name: /さようなら/ })).toHaveTextContent('さようならsayōnara');
    await user.click(within(bank).getByRole('button', { name: /さようなら/ }));
    const answer = screen.getByRole('list', { name: 'Your sentence' });
    expect(within(answer).getByRole('button', { name: 'Remove “さようなら”' })).toHaveTextContent('さようならsayōnara');
  });
});

describe('the feedback in a non-Latin course', () => {
  const explanation = { text: '', language: 'en' };
  const feedback = (result: Parameters<typeof ExerciseFeedback>[0]['result']) =>
    renderWithApp(<ExerciseFeedback result={result} course="ja" speechLocale="ja-JP" isLast={false} onContinue={() => {}} />);

  it('always shows the answer in the script and its romanisation', async () => {
    await feedback({
      correct: true,
      verdict: 'exact',
      expected: 'おはようございます',
      expected_roman: 'ohayō gozaimasu',
      explanation,
    });
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    expect(screen.getByText(/^Answer:/)).toHaveTextContent('Answer: おはようございます (ohayō gozaimasu)');
    expect(screen.getByText('おはようございます')).toHaveAttribute('lang', 'ja');
    expect(screen.getByText('(ohayō gozaimasu)')).toHaveAttribute('dir', 'ltr');
  });

  it('says a romanised answer is right and how it is written', async () => {
    await feedback({
      correct: true,
      verdict: 'romanised',
      expected: 'おはようございます',
      expected_roman: 'ohayō gozaimasu',
      explanation,
    });
    expect(screen.getByText(/In the script:/)).toHaveTextContent('Correct! In the script: おはようございます (ohayō gozaimasu)');
  });

  it('gives a wrong answer’s correction in both', async () => {
    await feedback({ correct: false, verdict: 'wrong', expected: 'ようこそ', expected_roman: 'yōkoso', explanation });
    expect(screen.getByText(/Correct answer:/)).toHaveTextContent('Correct answer: ようこそ (yōkoso)');
  });
});

describe('a practice round', () => {
  it('accepts the romanisation the server revealed, as the server did', () => {
    const recorded = {
      correct: false,
      verdict: 'wrong' as const,
      expected: 'おはようございます',
      expected_roman: 'ohayō gozaimasu',
      explanation: { text: '', language: 'en' },
    };
    expect(markPractice(fill, 'ohayo gozaimasu', recorded, 'ja')).toMatchObject({
      correct: true,
      verdict: 'romanised',
      expected_roman: 'ohayō gozaimasu',
    });
    expect(markPractice(fill, 'konnichiwa', recorded, 'ja').correct).toBe(false);
  });
});
