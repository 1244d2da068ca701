import type { NativeLanguage } from './content.schema';

/**
 * The few sentences a generated exercise needs, in every native (setup) language. `{word}`,
 * `{target}` and `{native}` are filled in by the lesson generator.
 */
export const EXERCISE_TEXTS: Record<
  NativeLanguage,
  {
    choose: string;
    fill: string;
    order: string;
    listen: string;
    speak: string;
    howDoYouSay: string;
    whatDoesMean: string;
    means: string;
    startsWith: string;
    firstWord: string;
    optionCount: string;
  }
> = {
  en: {
    choose: 'Choose the correct translation',
    fill: 'Fill in the missing word',
    order: 'Put the words in the right order',
    listen: 'Listen and put the words in the order you hear them',
    speak: 'Say this sentence out loud',
    howDoYouSay: 'How do you say “{word}”?',
    whatDoesMean: 'What does “{word}” mean?',
    means: '“{target}” means “{native}”.',
    startsWith: 'It starts with “{letter}” and has {count} letters.',
    firstWord: 'The sentence begins with “{word}”.',
    optionCount: 'Think of the word for “{word}”: only one of the four options means it.',
  },
  es: {
    choose: 'Elige la traducción correcta',
    fill: 'Completa la palabra que falta',
    order: 'Ordena las palabras correctamente',
    listen: 'Escucha y ordena las palabras tal como las oyes',
    speak: 'Di esta frase en voz alta',
    howDoYouSay: '¿Cómo se dice «{word}»?',
    whatDoesMean: '¿Qué significa «{word}»?',
    means: '«{target}» significa «{native}».',
    startsWith: 'Empieza por «{letter}» y tiene {count} letras.',
    firstWord: 'La frase empieza por «{word}».',
    optionCount: 'Piensa en la palabra para «{word}»: solo una de las cuatro opciones lo significa.',
  },
  fr: {
    choose: 'Choisis la bonne traduction',
    fill: 'Complète le mot manquant',
    order: 'Remets les mots dans le bon ordre',
    listen: 'Écoute et remets les mots dans l’ordre où tu les entends',
    speak: 'Dis cette phrase à voix haute',
    howDoYouSay: 'Comment dit-on « {word} » ?',
    whatDoesMean: 'Que signifie « {word} » ?',
    means: '« {target} » signifie « {native} ».',
    startsWith: 'Le mot commence par « {letter} » et a {count} lettres.',
    firstWord: 'La phrase commence par « {word} ».',
    optionCount: 'Pense au mot pour « {word} » : une seule des quatre options a ce sens.',
  },
  de: {
    choose: 'Wähle die richtige Übersetzung',
    fill: 'Ergänze das fehlende Wort',
    order: 'Bring die Wörter in die richtige Reihenfolge',
    listen: 'Hör zu und bring die Wörter in die Reihenfolge, in der du sie hörst',
    speak: 'Sprich diesen Satz laut aus',
    howDoYouSay: 'Wie sagt man „{word}“?',
    whatDoesMean: 'Was bedeutet „{word}“?',
    means: '„{target}“ bedeutet „{native}“.',
    startsWith: 'Es beginnt mit „{letter}“ und hat {count} Buchstaben.',
    firstWord: 'Der Satz beginnt mit „{word}“.',
    optionCount: 'Denk an das Wort für „{word}“: Nur eine der vier Antworten bedeutet das.',
  },
  it: {
    choose: 'Scegli la traduzione corretta',
    fill: 'Completa la parola mancante',
    order: "Metti le parole nell'ordine giusto",
    listen: 'Ascolta e metti le parole nell’ordine in cui le senti',
    speak: 'Pronuncia questa frase ad alta voce',
    howDoYouSay: 'Come si dice «{word}»?',
    whatDoesMean: 'Che cosa significa «{word}»?',
    means: '«{target}» significa «{native}».',
    startsWith: 'Inizia con «{letter}» e ha {count} lettere.',
    firstWord: 'La frase inizia con «{word}».',
    optionCount: 'Pensa alla parola per «{word}»: solo una delle quattro opzioni ha questo significato.',
  },
  pt: {
    choose: 'Escolha a tradução correta',
    fill: 'Complete a palavra que falta',
    order: 'Coloque as palavras na ordem certa',
    listen: 'Ouça e coloque as palavras na ordem em que as ouvir',
    speak: 'Diga esta frase em voz alta',
    howDoYouSay: 'Como se diz “{word}”?',
    whatDoesMean: 'O que significa “{word}”?',
    means: '“{target}” significa “{native}”.',
    startsWith: 'Começa com “{letter}” e tem {count} letras.',
    firstWord: 'A frase começa com “{word}”.',
    optionCount: 'Pense na palavra para “{word}”: só uma das quatro opções significa isso.',
  },
  zh: {
    choose: '选择正确的翻译',
    fill: '填写缺少的词',
    order: '把词语按正确顺序排列',
    listen: '听一听，按听到的顺序排列词语',
    speak: '大声说出这句话',
    howDoYouSay: '“{word}”怎么说？',
    whatDoesMean: '“{word}”是什么意思？',
    means: '“{target}”的意思是“{native}”。',
    startsWith: '以“{letter}”开头，共 {count} 个字符。',
    firstWord: '这句话以“{word}”开头。',
    optionCount: '想想“{word}”怎么说：四个选项中只有一个是这个意思。',
  },
  ja: {
    choose: '正しい訳を選んでください',
    fill: '抜けている言葉を入れてください',
    order: '単語を正しい順番に並べてください',
    listen: '聞こえた順に単語を並べてください',
    speak: 'この文を声に出して言ってください',
    howDoYouSay: '「{word}」は何と言いますか？',
    whatDoesMean: '「{word}」はどういう意味ですか？',
    means: '「{target}」は「{native}」という意味です。',
    startsWith: '「{letter}」で始まり、{count}文字です。',
    firstWord: '文は「{word}」で始まります。',
    optionCount: '「{word}」を表す言葉を考えてみましょう。四つの選択肢のうち一つだけが正解です。',
  },
  ko: {
    choose: '올바른 번역을 고르세요',
    fill: '빠진 단어를 채우세요',
    order: '단어를 올바른 순서로 배열하세요',
    listen: '잘 듣고 들리는 순서대로 단어를 배열하세요',
    speak: '이 문장을 소리 내어 말해 보세요',
    howDoYouSay: '‘{word}’은(는) 어떻게 말하나요?',
    whatDoesMean: '‘{word}’은(는) 무슨 뜻인가요?',
    means: '‘{target}’은(는) ‘{native}’라는 뜻이에요.',
    startsWith: '‘{letter}’(으)로 시작하고 {count}글자예요.',
    firstWord: '문장은 ‘{word}’(으)로 시작해요.',
    optionCount: '‘{word}’에 해당하는 말을 떠올려 보세요. 네 개 중 하나만 그 뜻이에요.',
  },
  ru: {
    choose: 'Выберите правильный перевод',
    fill: 'Вставьте пропущенное слово',
    order: 'Расставьте слова в правильном порядке',
    listen: 'Послушайте и расставьте слова в том порядке, в котором их слышите',
    speak: 'Произнесите это предложение вслух',
    howDoYouSay: 'Как сказать «{word}»?',
    whatDoesMean: 'Что значит «{word}»?',
    means: '«{target}» значит «{native}».',
    startsWith: 'Начинается на «{letter}», букв: {count}.',
    firstWord: 'Предложение начинается со слова «{word}».',
    optionCount: 'Вспомните слово для «{word}»: только один из четырёх вариантов означает это.',
  },
};

export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
