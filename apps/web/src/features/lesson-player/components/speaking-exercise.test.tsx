import type { Exercise } from '@parla/shared/lessons.schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecognitionAlternative, SpeechRecognitionLike } from '@/lib/speech';
import { renderWithApp } from '@/testing/render';
import { SpeakingExercise } from './speaking-exercise';

const exercise: Extract<Exercise, { type: 'speaking' }> = {
  id: 'ex5',
  type: 'speaking',
  instruction: 'Say this sentence out loud',
  instruction_language: 'en',
  xp_reward: 40,
  metadata: { target_language: 'es', native_language: 'en', skill_type: 'speaking' },
  content: { sentence: '¡Hola, amigos!', translation: 'Hello, friends!' },
};

/** A browser recogniser driven by the test: it records how it was set up and reports on demand. */
class FakeRecognition implements SpeechRecognitionLike {
  static instances: FakeRecognition[] = [];
  lang = '';
  maxAlternatives = 1;
  interimResults = true;
  continuous = true;
  started = 0;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onnomatch: SpeechRecognitionLike['onnomatch'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.started += 1;
  }
  stop() {
    this.onend?.();
  }
  abort() {}
  hear(...transcripts: string[]) {
    const alternatives: RecognitionAlternative[] = transcripts.map((transcript) => ({ transcript, confidence: 0.8 }));
    this.onresult?.({ results: [Object.assign(alternatives, { isFinal: true })] });
    this.onend?.();
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.onend?.();
  }
}

const latest = () => {
  const instance = FakeRecognition.instances.at(-1);
  if (!instance) throw new Error('no recogniser was started');
  return instance;
};

async function renderSpeaking() {
  const onAnswer = vi.fn();
  const onSkip = vi.fn();
  await renderWithApp(
    <SpeakingExercise
      exercise={exercise}
      course="es"
      speechLocale="es-ES"
      showRoman={false}
      submitted={undefined}
      heard={undefined}
      disabled={false}
      onAnswer={onAnswer}
      onSkip={onSkip}
    />,
  );
  return { onAnswer, onSkip };
}

describe('SpeakingExercise', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeRecognition.instances = [];
  });

  it('listens in the course’s locale with five alternatives and sends what it heard', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const user = userEvent.setup();
    const { onAnswer } = await renderSpeaking();
    expect(screen.getByText('¡Hola, amigos!')).toHaveAttribute('lang', 'es');
    expect(screen.getByText('Hello, friends!')).toBeInTheDocument();

    // The microphone has the focus: Enter starts listening.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start speaking' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(latest()).toMatchObject({ lang: 'es-ES', maxAlternatives: 5, interimResults: false, started: 1 });
    expect(screen.getByText('Listening… say the sentence now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop listening' })).toHaveAttribute('aria-pressed', 'true');

    latest().hear('hola amigos', 'ola amigos', 'hola amigos');
    expect(onAnswer).toHaveBeenCalledWith(['hola amigos', 'ola amigos']);
    expect(await screen.findByText('We heard:')).toHaveTextContent('We heard: “hola amigos”');
  });

  it('says so when nothing was recognised, and lets the learner try again', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const user = userEvent.setup();
    const { onAnswer } = await renderSpeaking();
    await user.click(screen.getByRole('button', { name: 'Start speaking' }));
    latest().fail('no-speech');
    expect(await screen.findByText("We didn't catch that. Press the microphone to try again.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start speaking' }));
    latest().hear('hola amigos');
    expect(FakeRecognition.instances).toHaveLength(2);
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });

  it('without speech recognition, explains and offers Skip (focused) instead', async () => {
    const user = userEvent.setup();
    const { onSkip, onAnswer } = await renderSpeaking();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Your browser can't recognise speech, so this exercise can't be checked here.",
    );
    expect(screen.queryByRole('button', { name: 'Start speaking' })).not.toBeInTheDocument();
    // Focus moves in an effect, which can run a moment after the content shows.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Skip' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onSkip).toHaveBeenCalledTimes(1);
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('with the microphone refused, explains how to allow it and offers Skip', async () => {
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    const user = userEvent.setup();
    const { onSkip } = await renderSpeaking();
    await user.keyboard('{Enter}');
    latest().fail('not-allowed');
    expect(await screen.findByRole('alert')).toHaveTextContent('The microphone is blocked.');
    // Focus moves in an effect, which can run a moment after the content shows.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Skip' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onSkip).toHaveBeenCalledTimes(1);
  });
});
