import { describe, expect, it } from 'vitest';
import { checkAnswer, checkSpeech, checkWordOrder, maskWord, SPEECH_PASS_SIMILARITY, speechSimilarity } from './answers';

describe('checkAnswer', () => {
  it('ignores case, surrounding space and punctuation', () => {
    expect(checkAnswer('  ¡HOLA! ', 'hola', [], 'es')).toMatchObject({ correct: true, verdict: 'exact' });
    expect(checkAnswer('cómo estás', '¿Cómo estás?', [], 'es').verdict).toBe('exact');
  });

  it('accepts alternatives from the content', () => {
    expect(checkAnswer('Soy Anna', 'Me llamo Anna.', ['Soy Anna.'], 'es')).toMatchObject({
      correct: true,
      verdict: 'alternative',
    });
  });

  it('accepts a missing accent but says so', () => {
    expect(checkAnswer('cafe', 'café', [], 'fr')).toEqual({ correct: true, verdict: 'missing_accent', expected: 'café' });
    expect(checkAnswer('Strasse', 'Straße', [], 'de').verdict).toBe('missing_accent');
    expect(checkAnswer('manana', 'mañana', [], 'es').verdict).toBe('missing_accent');
  });

  it('accepts one slip in a word of five or more letters', () => {
    expect(checkAnswer('manzanna', 'manzana', [], 'es')).toMatchObject({ correct: true, verdict: 'typo' });
    expect(checkAnswer('bonjuor', 'bonjour', [], 'fr').verdict).toBe('typo');
    expect(checkAnswer('je mange une pome', 'je mange une pomme', [], 'fr').verdict).toBe('typo');
    expect(checkAnswer('je mange un pome', 'je mange une pomme', [], 'fr').verdict).toBe('wrong');
    expect(checkAnswer('gato', 'gata', [], 'es').verdict).toBe('wrong');
    expect(checkAnswer('manzzanna', 'manzana', [], 'es').verdict).toBe('wrong');
    expect(checkAnswer('hola amiga', 'hola amigo', [], 'es').verdict).toBe('typo');
  });

  it('keeps marks that are letters in other scripts', () => {
    expect(checkAnswer('नमस्ते', 'नमस्ते', [], 'hi').verdict).toBe('exact');
    expect(checkAnswer('नमस्त', 'नमस्ते', [], 'hi').correct).toBe(true);
    expect(checkAnswer('かぎ', 'かき', [], 'ja').verdict).toBe('wrong');
    expect(checkAnswer('私は学生です', '私は学生です。', [], 'ja').verdict).toBe('exact');
  });

  it('treats ё and е as the same letter', () => {
    expect(checkAnswer('еще', 'ещё', [], 'ru').verdict).toBe('exact');
  });

  it('rejects an empty or wrong answer', () => {
    expect(checkAnswer('   ', 'hola', [], 'es')).toMatchObject({ correct: false, verdict: 'wrong' });
    expect(checkAnswer('adiós', 'hola', [], 'es').correct).toBe(false);
  });
});

describe('checkWordOrder', () => {
  it('needs the exact order, ignoring case and punctuation', () => {
    expect(checkWordOrder(['Hola,', 'me', 'llamo', 'Anna.'], ['hola', 'me', 'llamo', 'anna'], 'es')).toBe(true);
    expect(checkWordOrder(['me', 'Hola', 'llamo', 'Anna'], ['Hola', 'me', 'llamo', 'Anna'], 'es')).toBe(false);
    expect(checkWordOrder(['私の', '名前は'], ['私の', '名前は', 'アンナです'], 'ja')).toBe(false);
  });
});

describe('maskWord', () => {
  it('keeps the first and last letters', () => {
    expect(maskWord('manzana', 'es')).toBe('m_____a');
    expect(maskWord('el', 'es')).toBe('e_');
    expect(maskWord('a', 'es')).toBe('_');
    expect(maskWord('привет', 'ru')).toBe('п____т');
  });

  it('masks by character in Japanese and Chinese', () => {
    expect(maskWord('名前は', 'ja')).toBe('名＿は');
    expect(maskWord('你好', 'zh')).toBe('你＿');
    expect(maskWord('안녕하세요', 'ko')).toBe('안＿＿＿요');
  });
});

describe('checkSpeech', () => {
  it('ignores case, punctuation, accents and word breaks', () => {
    expect(checkSpeech(['hola como estas'], '¡Hola! ¿Cómo estás?', [], 'es')).toEqual({
      correct: true,
      verdict: 'exact',
      expected: '¡Hola! ¿Cómo estás?',
      similarity: 1,
      heard: 'hola como estas',
    });
    expect(checkSpeech(['GUTEN MORGEN'], 'Guten Morgen.', [], 'de').verdict).toBe('exact');
    expect(checkSpeech(['私は 学生 です'], '私は学生です。', [], 'ja').verdict).toBe('exact');
    expect(checkSpeech(['ещё чаю'], 'Еще чаю!', [], 'ru').verdict).toBe('exact');
  });

  it('passes a near miss from 0.8 similarity and fails below', () => {
    // One letter too many in 11 (spaces do not count): 0.91.
    const near = checkSpeech(['me llamo anna'], 'Me llamo Ana.', [], 'es');
    expect(near).toMatchObject({ correct: true, verdict: 'close', similarity: 0.91 });
    expect(speechSimilarity('buenos dias', 'Buenas noches', 'es')).toBeLessThan(SPEECH_PASS_SIMILARITY);
    expect(checkSpeech(['buenos dias'], 'Buenas noches.', [], 'es')).toMatchObject({ correct: false, verdict: 'wrong' });
    // 4 of 5 letters right is exactly the threshold: it passes.
    expect(speechSimilarity('abcdx', 'abcde', 'en')).toBeCloseTo(0.8);
    expect(checkSpeech(['abcdx'], 'abcde', [], 'en').correct).toBe(true);
    expect(checkSpeech(['abcxy'], 'abcde', [], 'en').correct).toBe(false);
  });

  it('takes the best of up to five alternatives, and accepts the content’s alternatives', () => {
    const result = checkSpeech(['I am a student', 'je suis étudiante', 'je suis étudiant'], 'Je suis étudiant.', [], 'fr');
    expect(result).toMatchObject({ verdict: 'exact', heard: 'je suis étudiant' });
    const sixth = ['a', 'b', 'c', 'd', 'e', 'je suis étudiant'];
    expect(checkSpeech(sixth, 'Je suis étudiant.', [], 'fr').correct).toBe(false);
    expect(checkSpeech(['soy anna'], 'Me llamo Anna.', ['Soy Anna.'], 'es')).toMatchObject({
      correct: true,
      verdict: 'alternative',
    });
  });

  it('fails silence and nothing heard', () => {
    expect(checkSpeech([], 'hola', [], 'es')).toMatchObject({ correct: false, verdict: 'wrong', similarity: 0, heard: '' });
    expect(checkSpeech(['  ', '¿?'], 'hola', [], 'es').correct).toBe(false);
  });
});
