import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickVoice, RETRY_DELAY_MS, SPEECH_LOCALES, speak, transcriptsOf, VOICES_TIMEOUT_MS } from './speech';

const voice = (name: string, lang: string, extra: Partial<SpeechSynthesisVoice> = {}) =>
  ({ name, lang, localService: false, default: false, voiceURI: name, ...extra }) as SpeechSynthesisVoice;

class FakeUtterance {
  lang = '';
  rate = 1;
  pitch = 0;
  volume = 0;
  voice: SpeechSynthesisVoice | null = null;
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

/** A speechSynthesis that answers each utterance as told: end, or fail with an error. */
class FakeSynthesis extends EventTarget {
  voices: SpeechSynthesisVoice[] = [];
  speaking = false;
  spoken: FakeUtterance[] = [];
  outcomes: (string | 'end')[] = [];
  cancelled = 0;
  getVoices() {
    return this.voices;
  }
  speak(utterance: FakeUtterance) {
    this.spoken.push(utterance);
    const outcome = this.outcomes.shift() ?? 'end';
    queueMicrotask(() => {
      utterance.onstart?.();
      if (outcome === 'end') utterance.onend?.();
      else utterance.onerror?.({ error: outcome });
    });
  }
  cancel() {
    this.cancelled += 1;
  }
}

let synthesis: FakeSynthesis;
const options = () => ({
  synthesis: synthesis as unknown as SpeechSynthesis,
  Utterance: FakeUtterance as unknown as typeof SpeechSynthesisUtterance,
});

beforeEach(() => {
  synthesis = new FakeSynthesis();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pickVoice', () => {
  it('prefers the exact locale, then local and enhanced/premium/neural/natural voices', () => {
    const voices = [
      voice('Remote Mexican', 'es-MX'),
      voice('Plain Spanish', 'es-ES'),
      voice('Monica (Enhanced)', 'es-ES'),
      voice('Google US English', 'en-US', { default: true }),
    ];
    expect(pickVoice(voices, 'es-ES')?.name).toBe('Monica (Enhanced)');
    const local = [voice('Remote', 'es_ES'), voice('On device', 'es-ES', { localService: true })];
    expect(pickVoice(local, 'es-ES')?.name).toBe('On device');
    expect(pickVoice([voice('Paulina', 'es-MX'), voice('Anna', 'de-DE')], 'es-ES')?.name).toBe('Paulina');
    expect(pickVoice([voice('Anna', 'de-DE')], 'ja-JP')).toBeUndefined();
  });

  it('knows the spec’s locales', () => {
    expect(SPEECH_LOCALES).toMatchObject({ en: 'en-US', es: 'es-ES', fr: 'fr-FR', pt: 'pt-BR', zh: 'zh-CN', ja: 'ja-JP' });
  });
});

describe('speak', () => {
  it('speaks at rate 0.85, pitch 1 and volume 1 in the best voice for the locale', async () => {
    synthesis.voices = [voice('Anna', 'de-DE'), voice('Amélie (Premium)', 'fr-FR')];
    expect(await speak('Bonjour', 'fr-FR', options())).toBe('ended');
    expect(synthesis.spoken).toHaveLength(1);
    expect(synthesis.spoken[0]).toMatchObject({ text: 'Bonjour', lang: 'fr-FR', rate: 0.85, pitch: 1, volume: 1 });
    expect(synthesis.spoken[0]?.voice?.name).toBe('Amélie (Premium)');
  });

  it('is ignored without speech, text or language, or while already speaking', async () => {
    // jsdom has no speechSynthesis at all.
    expect(await speak('Hola', 'es-ES')).toBe('ignored');
    expect(await speak('  ', 'es-ES', options())).toBe('ignored');
    expect(await speak('Hola', '', options())).toBe('ignored');
    synthesis.speaking = true;
    expect(await speak('Hola', 'es-ES', options())).toBe('ignored');
    expect(synthesis.spoken).toHaveLength(0);
  });

  it('waits for voices that load late, up to about 5 s', async () => {
    vi.useFakeTimers();
    const late = speak('Ciao', 'it-IT', options());
    await vi.advanceTimersByTimeAsync(1000);
    expect(synthesis.spoken).toHaveLength(0);
    synthesis.voices = [voice('Alice', 'it-IT')];
    synthesis.dispatchEvent(new Event('voiceschanged'));
    expect(await late).toBe('ended');
    expect(synthesis.spoken[0]?.voice?.name).toBe('Alice');

    // Voices that never come: after 5 s it speaks anyway, with the browser's default voice.
    synthesis = new FakeSynthesis();
    const never = speak('Ciao', 'it-IT', options());
    await vi.advanceTimersByTimeAsync(VOICES_TIMEOUT_MS - 10);
    expect(synthesis.spoken).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(await never).toBe('ended');
    expect(synthesis.spoken[0]?.voice).toBeNull();
  });

  it('retries once with the default voice 100 ms after an error with a chosen voice', async () => {
    vi.useFakeTimers();
    synthesis.voices = [voice('Kyoko', 'ja-JP')];
    synthesis.outcomes = ['synthesis-failed', 'synthesis-failed'];
    const spoken = speak('こんにちは', 'ja-JP', options());
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(synthesis.spoken).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await spoken).toBe('failed');
    expect(synthesis.spoken.map((utterance) => utterance.voice?.name ?? 'default')).toEqual(['Kyoko', 'default']);

    synthesis.spoken = [];
    synthesis.outcomes = ['voice-unavailable'];
    const recovered = speak('こんにちは', 'ja-JP', options());
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await recovered).toBe('ended');
    expect(synthesis.spoken).toHaveLength(2);
  });

  it('does not retry on not-allowed, nor without a chosen voice, nor once stopped', async () => {
    vi.useFakeTimers();
    synthesis.voices = [voice('Kyoko', 'ja-JP')];
    synthesis.outcomes = ['not-allowed'];
    expect(await speak('はい', 'ja-JP', options())).toBe('failed');
    expect(synthesis.spoken).toHaveLength(1);

    synthesis.spoken = [];
    synthesis.voices = [voice('Anna', 'de-DE')];
    synthesis.outcomes = ['synthesis-failed'];
    const noVoice = speak('はい', 'ja-JP', options());
    await vi.advanceTimersByTimeAsync(VOICES_TIMEOUT_MS);
    expect(await noVoice).toBe('failed');
    expect(synthesis.spoken).toHaveLength(1);

    synthesis.spoken = [];
    synthesis.voices = [voice('Kyoko', 'ja-JP')];
    synthesis.outcomes = ['synthesis-failed'];
    const controller = new AbortController();
    const stopped = speak('はい', 'ja-JP', { ...options(), signal: controller.signal });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS / 2);
    controller.abort();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await stopped).toBe('failed');
    expect(synthesis.spoken).toHaveLength(1);
  });
});

describe('transcriptsOf', () => {
  it('lists the last result’s distinct alternatives, best first, at most five', () => {
    const alternatives = ['hola', ' hola ', 'ola', 'hola!', 'Lola', 'cola', 'bola'].map((transcript) => ({
      transcript,
      confidence: 0.5,
    }));
    expect(transcriptsOf({ results: [alternatives] })).toEqual(['hola', 'ola', 'hola!', 'Lola', 'cola']);
    expect(transcriptsOf({ results: [] })).toEqual([]);
  });
});
