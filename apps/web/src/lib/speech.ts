/**
 * The browser's speech: text-to-speech (spec §4 and §9 "Speech") and speech recognition for the
 * speaking exercise. Everything here degrades to "nothing happens" where the browser has no
 * support: callers check `canSynthesise()` / `getSpeechRecognition()` to offer a fallback.
 */

/** Spec §9: rate 0.85, pitch 1, volume 1. */
export const SPEECH_RATE = 0.85;
/** Spec §9: wait up to about 5 s for the browser to load its voices. */
export const VOICES_TIMEOUT_MS = 5000;
/** Spec §4: the retry with the default voice comes 100 ms after the failure. */
export const RETRY_DELAY_MS = 100;

/** Spec §9 "Speech": the voice locale of each language the app knows. */
export const SPEECH_LOCALES: Readonly<Record<string, string>> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  pt: 'pt-BR',
  nl: 'nl-NL',
  ja: 'ja-JP',
  zh: 'zh-CN',
  ko: 'ko-KR',
  ru: 'ru-RU',
  ar: 'ar-SA',
  he: 'he-IL',
  hi: 'hi-IN',
  th: 'th-TH',
  vi: 'vi-VN',
  pl: 'pl-PL',
  uk: 'uk-UA',
  el: 'el-GR',
};

/** A language code (or a locale already) as the locale speech APIs expect. */
export function speechLocale(language: string): string {
  return SPEECH_LOCALES[language] ?? language;
}

const QUALITY_NAME = /enhanced|premium|neural|natural/i;
const bcp47 = (lang: string) => lang.replace('_', '-').toLowerCase();

/**
 * The best voice for a locale: the exact locale before the bare language, then (spec §9) local
 * voices and voices whose name says enhanced, premium, neural or natural, then the browser's
 * default. Undefined when no voice speaks the language.
 */
export function pickVoice(voices: readonly SpeechSynthesisVoice[], locale: string): SpeechSynthesisVoice | undefined {
  const wanted = bcp47(locale);
  const language = wanted.split('-')[0];
  const rank = (voice: SpeechSynthesisVoice) => {
    const lang = bcp47(voice.lang);
    const match = lang === wanted ? 2 : lang.split('-')[0] === language ? 1 : 0;
    if (match === 0) return -1;
    return match * 100 + (voice.localService ? 10 : 0) + (QUALITY_NAME.test(voice.name) ? 10 : 0) + (voice.default ? 1 : 0);
  };
  let best: SpeechSynthesisVoice | undefined;
  let bestRank = -1;
  for (const voice of voices) {
    const value = rank(voice);
    if (value > bestRank) {
      best = voice;
      bestRank = value;
    }
  }
  return best;
}

export function canSynthesise(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';
}

/**
 * The browser's voices. Some browsers load them after the page: then this waits for
 * `voiceschanged`, at most `timeoutMs`, and gives what there is (possibly none).
 */
export function waitForVoices(
  synthesis: SpeechSynthesis,
  timeoutMs = VOICES_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<SpeechSynthesisVoice[]> {
  const now = synthesis.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synthesis.removeEventListener('voiceschanged', onChange);
      signal?.removeEventListener('abort', done);
      resolve(synthesis.getVoices());
    };
    const onChange = () => {
      if (synthesis.getVoices().length > 0) done();
    };
    const timer = setTimeout(done, timeoutMs);
    synthesis.addEventListener('voiceschanged', onChange);
    signal?.addEventListener('abort', done);
  });
}

export type SpeakOutcome = 'ended' | 'failed' | 'ignored';

export interface SpeakOptions {
  /** Stops waiting, a pending retry and the speech itself. */
  signal?: AbortSignal;
  /** Called when the browser starts speaking (after any wait for voices). */
  onStart?: () => void;
  synthesis?: SpeechSynthesis;
  Utterance?: typeof SpeechSynthesisUtterance;
  voicesTimeoutMs?: number;
}

/**
 * Reads `text` aloud (spec §4): ignored when speech is unavailable, when there is no text or
 * language, or while something is already being spoken. With the best voice for the locale;
 * if that fails for any reason but "not-allowed", once more with the default voice 100 ms later.
 */
export async function speak(text: string, locale: string, options: SpeakOptions = {}): Promise<SpeakOutcome> {
  const synthesis = options.synthesis ?? (canSynthesise() ? window.speechSynthesis : undefined);
  const Utterance = options.Utterance ?? (canSynthesise() ? window.SpeechSynthesisUtterance : undefined);
  const { signal } = options;
  if (!synthesis || !Utterance || !text.trim() || !locale || synthesis.speaking || signal?.aborted) return 'ignored';

  const voices = await waitForVoices(synthesis, options.voicesTimeoutMs ?? VOICES_TIMEOUT_MS, signal);
  if (signal?.aborted || synthesis.speaking) return 'ignored';
  const voice = pickVoice(voices, locale);

  const say = (withVoice: SpeechSynthesisVoice | undefined) =>
    new Promise<{ ok: true } | { ok: false; error: string }>((resolve) => {
      const utterance = new Utterance(text);
      utterance.lang = locale;
      utterance.rate = SPEECH_RATE;
      utterance.pitch = 1;
      utterance.volume = 1;
      if (withVoice) utterance.voice = withVoice;
      const onAbort = () => synthesis.cancel();
      utterance.onstart = () => options.onStart?.();
      utterance.onend = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve({ ok: true });
      };
      utterance.onerror = (event) => {
        signal?.removeEventListener('abort', onAbort);
        resolve({ ok: false, error: event.error });
      };
      signal?.addEventListener('abort', onAbort);
      try {
        synthesis.speak(utterance);
      } catch {
        signal?.removeEventListener('abort', onAbort);
        resolve({ ok: false, error: 'synthesis-failed' });
      }
    });

  const first = await say(voice);
  if (first.ok) return 'ended';
  if (!voice || first.error === 'not-allowed' || signal?.aborted) return 'failed';
  const retried = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve(true);
    }, RETRY_DELAY_MS);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', stop);
  });
  if (!retried) return 'failed';
  return (await say(undefined)).ok ? 'ended' : 'failed';
}

// Speech recognition: not in TypeScript's DOM library, so the little the app uses is typed here.

export interface RecognitionAlternative {
  transcript: string;
  confidence: number;
}

export interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<RecognitionAlternative> & { isFinal?: boolean }>;
}

export interface RecognitionErrorEvent {
  error: string;
}

export interface SpeechRecognitionLike {
  lang: string;
  maxAlternatives: number;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onnomatch: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's speech recogniser (standard or WebKit-prefixed), if it has one. */
export function getSpeechRecognition(): SpeechRecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const scope = window as unknown as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** Every distinct non-empty transcript of a recognition result, best first. */
export function transcriptsOf(event: RecognitionResultEvent, max = 5): string[] {
  const last = event.results[event.results.length - 1];
  const found: string[] = [];
  for (let index = 0; last && index < last.length; index++) {
    const transcript = last[index]?.transcript.trim();
    if (transcript && !found.includes(transcript)) found.push(transcript);
  }
  return found.slice(0, max);
}

/** Recognition errors that retrying will not fix: the browser refuses the microphone or the service. */
export function isPermanentRecognitionError(error: string): 'denied' | 'unsupported' | undefined {
  if (error === 'not-allowed') return 'denied';
  if (['service-not-allowed', 'network', 'language-not-supported', 'audio-capture', 'bad-grammar'].includes(error))
    return 'unsupported';
  return undefined;
}
