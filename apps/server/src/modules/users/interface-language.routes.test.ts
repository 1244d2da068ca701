import { AnswerExerciseResponseSchema, StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { SERVER_TEXTS } from '@parla/shared/texts/server-texts';
import { TutorAnswerSchema } from '@parla/shared/tutor.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { apiCaller, registerUser } from '../../test/factories';

// Issue 14, point 3: one language per screen. The server writes a learner's texts in their
// interface language when it writes that language, and in their native language otherwise.
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const { post } = apiCaller(() => ctx.app);
const INSTRUCTIONS = ['exercise.choose', 'exercise.fill', 'exercise.order', 'exercise.listen', 'exercise.speak'] as const;
const instructionsIn = (language: keyof typeof SERVER_TEXTS) => INSTRUCTIONS.map((key) => SERVER_TEXTS[language][key]);

/** A French speaker learning Spanish, with the interface language given (or none chosen). */
async function frenchSpeaker(interfaceLanguage: string | null) {
  const account = await registerUser(ctx.app, { native_language: 'fr' });
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/profile',
    headers: account.bearer,
    payload: { target_language: 'es', interface_language: interfaceLanguage },
  });
  return account;
}

describe('the language of the server’s texts', () => {
  it.each([
    ['German interface → German', 'de', 'de'],
    ['French interface → French', 'fr', 'fr'],
    ['Arabic interface (no server texts) → the native French', 'ar', 'fr'],
    ['none chosen → the native French', null, 'fr'],
  ] as const)('lesson instructions, explanations and hints: %s', async (_case, chosen, expected) => {
    const account = await frenchSpeaker(chosen);
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', account.bearer)).json());
    for (const exercise of start.exercises) {
      expect(exercise.instruction_language).toBe(expected);
      expect(instructionsIn(expected)).toContain(exercise.instruction);
      // The words stay the learner's native ones: only the wording around them changes.
      expect(exercise.metadata.native_language).toBe('fr');
    }
    const choice = start.exercises.find((exercise) => exercise.type === 'multiple-choice');
    if (!choice) throw new Error('no multiple choice');
    const hint = TutorAnswerSchema.parse(
      (await post(`/exercises/${choice.id}/hint`, account.bearer, { session_id: start.session_id })).json(),
    );
    expect(hint.language).toBe(expected);
    const answered = await post(`/lessons/greetings-1/exercises/${choice.id}/complete`, account.bearer, {
      session_id: start.session_id,
      answer: 'a',
    });
    const result = AnswerExerciseResponseSchema.parse(answered.json());
    expect(result.explanation.language).toBe(expected);
    const means = String(SERVER_TEXTS[expected]['exercise.means']).split('{target}')[1]?.split('{native}')[0] ?? '';
    expect(result.explanation.text).toContain(means);
  });

  it('quick practice asks its questions in the interface language too', async () => {
    const account = await frenchSpeaker('de');
    const practice = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
    expect(practice.native_language).toBe('fr');
    for (const question of practice.questions) expect(question.question).toMatch(/^(Wie sagt man|Was bedeutet) „.+“\?$/);
  });
});
