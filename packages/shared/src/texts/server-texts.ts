import type { NativeLanguage } from '../content.schema';
import { formatText, type TextMessage, type TextValues } from './format-text';

/**
 * Every text the server writes for a learner, in every language it writes them in: the exercise
 * instructions, prompts and explanations of generated lessons and practice, and the tutor's
 * content-bank hints now; notifications and e-mails next. One catalogue, so a new language or a
 * new text is one place to edit, and one test (server-texts.test.ts) checks that every language
 * has every text, its placeholders and its plural forms.
 *
 * `{name}` is filled from the values; a text that counts is an object of CLDR plural forms (the
 * categories `Intl.PluralRules` gives the language), chosen by the value `count`.
 */
const en = {
  'exercise.choose': 'Choose the correct translation',
  'exercise.fill': 'Fill in the missing word',
  'exercise.order': 'Put the words in the right order',
  'exercise.listen': 'Listen and put the words in the order you hear them',
  'exercise.speak': 'Say this sentence out loud',
  'exercise.howDoYouSay': 'How do you say “{word}”?',
  'exercise.whatDoesMean': 'What does “{word}” mean?',
  'exercise.means': '“{target}” means “{native}”.',
  'hint.startsWith': {
    one: 'It starts with “{letter}” and has {count} letter.',
    other: 'It starts with “{letter}” and has {count} letters.',
  },
  'hint.firstWord': 'The sentence begins with “{word}”.',
  'hint.optionCount': 'Think of the word for “{word}”: only one of the four options means it.',
} satisfies Record<string, TextMessage>;

export type ServerTextKey = keyof typeof en;

/** The languages the server writes in: the learners' native (setup) languages. */
export type ServerTextLanguage = NativeLanguage;

export const SERVER_TEXTS: Record<ServerTextLanguage, Record<ServerTextKey, TextMessage>> = {
  en,
  es: {
    'exercise.choose': 'Elige la traducción correcta',
    'exercise.fill': 'Completa la palabra que falta',
    'exercise.order': 'Ordena las palabras correctamente',
    'exercise.listen': 'Escucha y ordena las palabras tal como las oyes',
    'exercise.speak': 'Di esta frase en voz alta',
    'exercise.howDoYouSay': '¿Cómo se dice «{word}»?',
    'exercise.whatDoesMean': '¿Qué significa «{word}»?',
    'exercise.means': '«{target}» significa «{native}».',
    'hint.startsWith': {
      one: 'Empieza por «{letter}» y tiene {count} letra.',
      many: 'Empieza por «{letter}» y tiene {count} de letras.',
      other: 'Empieza por «{letter}» y tiene {count} letras.',
    },
    'hint.firstWord': 'La frase empieza por «{word}».',
    'hint.optionCount': 'Piensa en la palabra para «{word}»: solo una de las cuatro opciones lo significa.',
  },
  fr: {
    'exercise.choose': 'Choisis la bonne traduction',
    'exercise.fill': 'Complète le mot manquant',
    'exercise.order': 'Remets les mots dans le bon ordre',
    'exercise.listen': 'Écoute et remets les mots dans l’ordre où tu les entends',
    'exercise.speak': 'Dis cette phrase à voix haute',
    'exercise.howDoYouSay': 'Comment dit-on « {word} » ?',
    'exercise.whatDoesMean': 'Que signifie « {word} » ?',
    'exercise.means': '« {target} » signifie « {native} ».',
    'hint.startsWith': {
      one: 'Le mot commence par « {letter} » et a {count} lettre.',
      many: 'Le mot commence par « {letter} » et a {count} de lettres.',
      other: 'Le mot commence par « {letter} » et a {count} lettres.',
    },
    'hint.firstWord': 'La phrase commence par « {word} ».',
    'hint.optionCount': 'Pense au mot pour « {word} » : une seule des quatre options a ce sens.',
  },
  de: {
    'exercise.choose': 'Wähle die richtige Übersetzung',
    'exercise.fill': 'Ergänze das fehlende Wort',
    'exercise.order': 'Bring die Wörter in die richtige Reihenfolge',
    'exercise.listen': 'Hör zu und bring die Wörter in die Reihenfolge, in der du sie hörst',
    'exercise.speak': 'Sprich diesen Satz laut aus',
    'exercise.howDoYouSay': 'Wie sagt man „{word}“?',
    'exercise.whatDoesMean': 'Was bedeutet „{word}“?',
    'exercise.means': '„{target}“ bedeutet „{native}“.',
    'hint.startsWith': {
      one: 'Es beginnt mit „{letter}“ und hat {count} Buchstaben.',
      other: 'Es beginnt mit „{letter}“ und hat {count} Buchstaben.',
    },
    'hint.firstWord': 'Der Satz beginnt mit „{word}“.',
    'hint.optionCount': 'Denk an das Wort für „{word}“: Nur eine der vier Antworten bedeutet das.',
  },
  it: {
    'exercise.choose': 'Scegli la traduzione corretta',
    'exercise.fill': 'Completa la parola mancante',
    'exercise.order': "Metti le parole nell'ordine giusto",
    'exercise.listen': 'Ascolta e metti le parole nell’ordine in cui le senti',
    'exercise.speak': 'Pronuncia questa frase ad alta voce',
    'exercise.howDoYouSay': 'Come si dice «{word}»?',
    'exercise.whatDoesMean': 'Che cosa significa «{word}»?',
    'exercise.means': '«{target}» significa «{native}».',
    'hint.startsWith': {
      one: 'Inizia con «{letter}» e ha {count} lettera.',
      many: 'Inizia con «{letter}» e ha {count} di lettere.',
      other: 'Inizia con «{letter}» e ha {count} lettere.',
    },
    'hint.firstWord': 'La frase inizia con «{word}».',
    'hint.optionCount': 'Pensa alla parola per «{word}»: solo una delle quattro opzioni ha questo significato.',
  },
  pt: {
    'exercise.choose': 'Escolha a tradução correta',
    'exercise.fill': 'Complete a palavra que falta',
    'exercise.order': 'Coloque as palavras na ordem certa',
    'exercise.listen': 'Ouça e coloque as palavras na ordem em que as ouvir',
    'exercise.speak': 'Diga esta frase em voz alta',
    'exercise.howDoYouSay': 'Como se diz “{word}”?',
    'exercise.whatDoesMean': 'O que significa “{word}”?',
    'exercise.means': '“{target}” significa “{native}”.',
    'hint.startsWith': {
      one: 'Começa com “{letter}” e tem {count} letra.',
      many: 'Começa com “{letter}” e tem {count} de letras.',
      other: 'Começa com “{letter}” e tem {count} letras.',
    },
    'hint.firstWord': 'A frase começa com “{word}”.',
    'hint.optionCount': 'Pense na palavra para “{word}”: só uma das quatro opções significa isso.',
  },
  zh: {
    'exercise.choose': '选择正确的翻译',
    'exercise.fill': '填写缺少的词',
    'exercise.order': '把词语按正确顺序排列',
    'exercise.listen': '听一听，按听到的顺序排列词语',
    'exercise.speak': '大声说出这句话',
    'exercise.howDoYouSay': '“{word}”怎么说？',
    'exercise.whatDoesMean': '“{word}”是什么意思？',
    'exercise.means': '“{target}”的意思是“{native}”。',
    'hint.startsWith': { other: '以“{letter}”开头，共 {count} 个字符。' },
    'hint.firstWord': '这句话以“{word}”开头。',
    'hint.optionCount': '想想“{word}”怎么说：四个选项中只有一个是这个意思。',
  },
  ja: {
    'exercise.choose': '正しい訳を選んでください',
    'exercise.fill': '抜けている言葉を入れてください',
    'exercise.order': '単語を正しい順番に並べてください',
    'exercise.listen': '聞こえた順に単語を並べてください',
    'exercise.speak': 'この文を声に出して言ってください',
    'exercise.howDoYouSay': '「{word}」は何と言いますか？',
    'exercise.whatDoesMean': '「{word}」はどういう意味ですか？',
    'exercise.means': '「{target}」は「{native}」という意味です。',
    'hint.startsWith': { other: '「{letter}」で始まり、{count}文字です。' },
    'hint.firstWord': '文は「{word}」で始まります。',
    'hint.optionCount': '「{word}」を表す言葉を考えてみましょう。四つの選択肢のうち一つだけが正解です。',
  },
  ko: {
    'exercise.choose': '올바른 번역을 고르세요',
    'exercise.fill': '빠진 단어를 채우세요',
    'exercise.order': '단어를 올바른 순서로 배열하세요',
    'exercise.listen': '잘 듣고 들리는 순서대로 단어를 배열하세요',
    'exercise.speak': '이 문장을 소리 내어 말해 보세요',
    'exercise.howDoYouSay': '‘{word}’은(는) 어떻게 말하나요?',
    'exercise.whatDoesMean': '‘{word}’은(는) 무슨 뜻인가요?',
    'exercise.means': '‘{target}’은(는) ‘{native}’라는 뜻이에요.',
    'hint.startsWith': { other: '‘{letter}’(으)로 시작하고 {count}글자예요.' },
    'hint.firstWord': '문장은 ‘{word}’(으)로 시작해요.',
    'hint.optionCount': '‘{word}’에 해당하는 말을 떠올려 보세요. 네 개 중 하나만 그 뜻이에요.',
  },
  ru: {
    'exercise.choose': 'Выберите правильный перевод',
    'exercise.fill': 'Вставьте пропущенное слово',
    'exercise.order': 'Расставьте слова в правильном порядке',
    'exercise.listen': 'Послушайте и расставьте слова в том порядке, в котором их слышите',
    'exercise.speak': 'Произнесите это предложение вслух',
    'exercise.howDoYouSay': 'Как сказать «{word}»?',
    'exercise.whatDoesMean': 'Что значит «{word}»?',
    'exercise.means': '«{target}» значит «{native}».',
    'hint.startsWith': {
      one: 'Начинается на «{letter}», в слове {count} буква.',
      few: 'Начинается на «{letter}», в слове {count} буквы.',
      many: 'Начинается на «{letter}», в слове {count} букв.',
      other: 'Начинается на «{letter}», в слове {count} буквы.',
    },
    'hint.firstWord': 'Предложение начинается со слова «{word}».',
    'hint.optionCount': 'Вспомните слово для «{word}»: только один из четырёх вариантов означает это.',
  },
};

/** The text `key` in `language`, its placeholders filled and, for a count, its plural form chosen. */
export function serverText(language: ServerTextLanguage, key: ServerTextKey, values: TextValues = {}): string {
  return formatText(language, SERVER_TEXTS[language][key], values);
}
