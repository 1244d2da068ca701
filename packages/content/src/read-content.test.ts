import { describe, expect, it } from 'vitest';
import { deriveTokensRoman, normaliseLanguageValue } from './read-content';

describe('deriveTokensRoman', () => {
  it('gives one romanised word per token, without the punctuation around it', () => {
    expect(deriveTokensRoman('Yeoreobun, joeun achimieyo!', 3)).toEqual(['yeoreobun', 'joeun', 'achimieyo']);
    expect(deriveTokensRoman('¿«Kak dela?»', 2)).toEqual(['kak', 'dela']);
  });

  it('lower-cases a word only because it opens a sentence and keeps proper nouns', () => {
    expect(deriveTokensRoman('Do svidaniya, Anna! Do skoroy vstrechi!', 6)).toEqual([
      'do',
      'svidaniya',
      'Anna',
      'do',
      'skoroy',
      'vstrechi',
    ]);
  });

  it('keeps apostrophes and letters like ʿ that belong to the romanisation', () => {
    expect(deriveTokensRoman("Zdravstvuyte i dobro pozhalovat'!", 4)).toEqual(['zdravstvuyte', 'i', 'dobro', "pozhalovat'"]);
    expect(deriveTokensRoman('Ṣabāḥ al-khayr lil-jamīʿ!', 3)).toEqual(['ṣabāḥ', 'al-khayr', 'lil-jamīʿ']);
  });

  it('gives nothing when the word count differs from the token count', () => {
    expect(deriveTokensRoman('Dàjiā zǎoshang hǎo!', 2)).toBeUndefined();
    // A lone punctuation mark is not a word.
    expect(deriveTokensRoman('Minasan , ohayō gozaimasu .', 3)).toEqual(['minasan', 'ohayō', 'gozaimasu']);
    expect(deriveTokensRoman('Temperatura — dvadtsat’ gradusov.', 3)).toEqual(['temperatura', 'dvadtsat’', 'gradusov']);
  });
});

describe('normaliseLanguageValue: tokens_roman', () => {
  it('derives it for sentences of non-Latin languages', () => {
    const value = normaliseLanguageValue('ru', { text: 'Всем доброе утро!', roman: 'Vsem dobroye utro!', blank: 2 }, 'sentence');
    expect(value).toEqual({
      text: 'Всем доброе утро!',
      roman: 'Vsem dobroye utro!',
      alt: [],
      tokens: ['Всем', 'доброе', 'утро'],
      tokens_roman: ['vsem', 'dobroye', 'utro'],
      blank: 2,
    });
  });

  it('takes the authored roman_tokens first', () => {
    const value = normaliseLanguageValue(
      'zh',
      { text: '大家早上好！', tokens: ['大家', '早上好'], roman: 'Dàjiā zǎoshang hǎo!', roman_tokens: ['dàjiā', 'zǎoshang hǎo'] },
      'sentence',
    );
    expect(value.tokens_roman).toEqual(['dàjiā', 'zǎoshang hǎo']);
  });

  it('leaves it undefined when it cannot be derived, for words and for Latin-script languages', () => {
    const ja = {
      text: '皆さん、おはようございます。',
      tokens: ['皆さん', 'おはようございます'],
      roman: 'Minasan, ohayō gozaimasu.',
    };
    expect(normaliseLanguageValue('ja', ja, 'sentence').tokens_roman).toBeUndefined();
    expect(normaliseLanguageValue('ru', { text: 'дом', roman: 'dom' }, 'word').tokens_roman).toBeUndefined();
    expect(normaliseLanguageValue('es', { text: '¡Hola y bienvenidos!' }, 'sentence')).not.toHaveProperty('tokens_roman');
  });
});
