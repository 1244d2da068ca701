import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAnswer,
  checkSpeech,
  checkWordOrder,
  foldRomanisation,
  maskWord,
  SPEECH_PASS_SIMILARITY,
  speechSimilarity,
} from './answers';

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

describe('romanised answers', () => {
  const ohayo = ['ohayō gozaimasu'];

  it('accepts Japanese in romaji, long vowels typed as ou, oo or a single vowel, spaces optional', () => {
    for (const typed of [
      'ohayō gozaimasu',
      'ohayou gozaimasu',
      'ohayo gozaimasu',
      'ohayoo gozaimasu',
      'Ohayogozaimasu',
      'OHAYOU-GOZAIMASU',
    ]) {
      expect(checkAnswer(typed, 'おはようございます', [], 'ja', ohayo), typed).toEqual({
        correct: true,
        verdict: 'romanised',
        expected: 'おはようございます',
      });
    }
    expect(checkAnswer('sayounara', 'さようなら', [], 'ja', ['sayōnara']).verdict).toBe('romanised');
    expect(checkAnswer('arigatou', 'ありがとう', [], 'ja', ['arigatō']).verdict).toBe('romanised');
  });

  it('keeps the usual tolerance: one slip is accepted but pointed out, more is wrong', () => {
    expect(checkAnswer('ohayou gozaimsu', 'おはようございます', [], 'ja', ohayo)).toMatchObject({
      correct: true,
      verdict: 'typo',
    });
    expect(checkAnswer('ohayou gozimsu', 'おはようございます', [], 'ja', ohayo).verdict).toBe('wrong');
    expect(checkAnswer('kunsi', '国', [], 'ja', ['kuni']).verdict).toBe('wrong');
    expect(checkAnswer('konbanwa', 'こんにちは', [], 'ja', ['konnichiwa']).verdict).toBe('wrong');
  });

  it('drops tone marks, dots and ʿayn, and takes pinyin with tone numbers', () => {
    expect(checkAnswer('ni hao', '你好', [], 'zh', ['nǐ hǎo']).verdict).toBe('romanised');
    expect(checkAnswer('ni3hao3', '你好', [], 'zh', ['nǐ hǎo']).verdict).toBe('romanised');
    expect(checkAnswer('lvse', '绿色', [], 'zh', ['lǜsè']).verdict).toBe('romanised');
    expect(checkAnswer('marhaban', 'مرحبا', [], 'ar', ['marḥaban']).verdict).toBe('romanised');
    expect(checkAnswer("ma'a as-salama", 'مع السلامة', [], 'ar', ['maʿa as-salāma']).verdict).toBe('romanised');
    expect(checkAnswer('aap', 'आप', [], 'hi', ['āp']).verdict).toBe('romanised');
    expect(checkAnswer('privet', 'Привет', [], 'ru', ['privet']).verdict).toBe('romanised');
    expect(checkAnswer('pozhalovat', 'пожаловать', [], 'ru', ["pozhalovat'"]).verdict).toBe('romanised');
  });

  it('still prefers the script, and never takes a romanisation for a Latin course or without one', () => {
    expect(checkAnswer('おはようございます', 'おはようございます', [], 'ja', ohayo).verdict).toBe('exact');
    expect(checkAnswer('ohayou gozaimasu', 'おはようございます', [], 'ja').verdict).toBe('wrong');
    expect(checkAnswer('ola', 'hola', [], 'es', ['ola']).verdict).toBe('wrong');
    expect(checkAnswer('  ', 'おはようございます', [], 'ja', ohayo).verdict).toBe('wrong');
  });
});

describe('foldRomanisation', () => {
  const romaji = fc.stringMatching(/^[a-z]{1,12}( [a-z]{1,12}){0,3}$/);
  const languages = fc.constantFrom('ja', 'zh', 'ko', 'ru', 'ar', 'hi');

  it('is idempotent and ignores case, spaces, hyphens and apostrophes', () => {
    fc.assert(
      fc.property(romaji, languages, (text, language) => {
        const folded = foldRomanisation(text, language);
        expect(foldRomanisation(folded, language)).toBe(folded);
        expect(foldRomanisation(text.toUpperCase(), language)).toBe(folded);
        expect(foldRomanisation(text.replaceAll(' ', ''), language)).toBe(folded);
        expect(foldRomanisation(text.replaceAll(' ', '-'), language)).toBe(folded);
        expect(foldRomanisation(text.replaceAll(' ', "'"), language)).toBe(folded);
      }),
    );
  });

  it('reads a macron vowel as the vowel single or doubled, and a Japanese ō as ou', () => {
    const macron = { a: 'ā', e: 'ē', i: 'ī', o: 'ō', u: 'ū' } as const;
    // Found by the property below: a doubled vowel after an "o" ("o" + "uu" + "o").
    expect(foldRomanisation('ouuo', 'ja')).toBe(foldRomanisation('oūo', 'ja'));
    fc.assert(
      fc.property(romaji, fc.constantFrom('a', 'e', 'i', 'o', 'u'), languages, (text, vowel, language) => {
        const long = `${text}${macron[vowel as keyof typeof macron]}${text}`;
        const folded = foldRomanisation(long, language);
        expect(foldRomanisation(`${text}${vowel}${text}`, language)).toBe(folded);
        expect(foldRomanisation(`${text}${vowel}${vowel}${text}`, language)).toBe(folded);
        if (vowel === 'o' && language === 'ja') expect(foldRomanisation(`${text}ou${text}`, language)).toBe(folded);
      }),
    );
  });

  it('drops every combining mark', () => {
    fc.assert(
      fc.property(romaji, fc.constantFrom('\u0301', '\u0300', '\u0304', '\u030C', '\u0323', '\u0308'), (text, mark) => {
        const marked = [...text]
          .map((letter) => (letter === ' ' ? letter : `${letter}${mark}`))
          .join('')
          .normalize('NFC');
        expect(foldRomanisation(marked, 'hi')).toBe(foldRomanisation(text, 'hi'));
      }),
    );
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
