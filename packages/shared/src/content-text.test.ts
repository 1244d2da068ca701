import { describe, expect, it } from 'vitest';
import {
  comparableForm,
  deriveTokens,
  describeScriptViolation,
  detectScriptViolation,
  stripArticle,
  tokensJoinText,
} from './content-text';

describe('detectScriptViolation', () => {
  it.each([
    ['ja', 'こんにちは、私の名前はアンナです。'],
    ['ja', 'コーヒーを飲みます'],
    ['ja', '々と〜、１２３'],
    ['zh', '我叫安娜。你好！'],
    ['ko', '제 이름은 안나입니다.'],
    ['ru', 'Меня зовут Анна, ёлка.'],
    ['ar', 'مَرْحَبًا، اسمي آنا؟ ١٢٣'],
    ['hi', 'मेरा नाम अन्ना है। नमस्ते'],
    ['es', '¿Dónde está el baño? Ñandú'],
    ['de', 'Straße, Öl, 3 €'],
    ['fr', "« Ça va ? » l'œuf"],
    ['en', 'nǐ hǎo marḥaban ʿayn'],
    ['he', 'שלום'],
    ['el', 'Γειά σου'],
    ['uk', 'Привіт, ґанок, їжак'],
  ] as const)('accepts %s text %s', (lang, text) => {
    expect(detectScriptViolation(lang, text)).toBeNull();
  });

  it('reports the foreign script and the offending words', () => {
    const v = detectScriptViolation('ja', 'apple');
    expect(v).toEqual({
      expected: 'Japanese script (kana/kanji)',
      found: 'Latin',
      sample: 'apple',
    });
    expect(v && describeScriptViolation(v)).toBe('not in Japanese script (kana/kanji) (found Latin "apple")');
  });

  it.each([
    ['es', 'el дом', 'Cyrillic', 'дом'],
    ['zh', '我叫アンナ', 'Katakana', '我叫アンナ'],
    ['ko', '제 名前', 'Han', '名前'],
    ['ru', 'Privet!', 'Latin', 'Privet'],
    ['ar', 'marhaban', 'Latin', 'marhaban'],
    ['hi', 'नमस्ते namaste', 'Latin', 'namaste'],
    ['de', 'Haus 家', 'Han', '家'],
  ] as const)('rejects %s text %s', (lang, text, found, sample) => {
    expect(detectScriptViolation(lang, text)).toMatchObject({ found, sample });
  });
});

describe('tokens', () => {
  it('derives tokens from spaces, dropping edge punctuation only', () => {
    expect(deriveTokens('¿Dónde está el baño?')).toEqual(['Dónde', 'está', 'el', 'baño']);
    expect(deriveTokens("Qu'est-ce que c'est ?")).toEqual(["Qu'est-ce", 'que', "c'est"]);
    expect(deriveTokens('मेरा नाम अन्ना है।')).toEqual(['मेरा', 'नाम', 'अन्ना', 'है']);
    expect(deriveTokens('  Hello,   world!  ')).toEqual(['Hello', 'world']);
  });

  it('checks that tokens join back into the text, ignoring spaces and punctuation', () => {
    expect(tokensJoinText(['私の', '名前は', 'アンナです'], '私の名前はアンナです。')).toBe(true);
    expect(tokensJoinText(['Hola', 'me', 'llamo', 'Anna'], 'Hola, me llamo Anna.')).toBe(true);
    expect(tokensJoinText(['私の', '名前は'], '私の名前はアンナです。')).toBe(false);
    expect(tokensJoinText(['名前は', '私の', 'アンナです'], '私の名前はアンナです。')).toBe(false);
  });
});

describe('comparing forms', () => {
  it('strips the leading article', () => {
    expect(stripArticle('es', 'el libro')).toBe('libro');
    expect(stripArticle('fr', "l'eau")).toBe('eau');
    expect(stripArticle('fr', 'de la musique')).toBe('musique');
    expect(stripArticle('it', "un'amica")).toBe('amica');
    expect(stripArticle('nl', 'het boek')).toBe('boek');
    expect(stripArticle('de', 'das Buch')).toBe('Buch');
    expect(stripArticle('es', 'la')).toBe('la');
  });

  it('ignores case, article and punctuation', () => {
    expect(comparableForm('es', 'El Hotel')).toBe(comparableForm('en', 'the hotel'));
    expect(comparableForm('de', 'das Taxi!')).toBe(comparableForm('en', 'taxi'));
    expect(comparableForm('fr', "l'hôtel")).not.toBe(comparableForm('en', 'the hotel'));
  });
});
