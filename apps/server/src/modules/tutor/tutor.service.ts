import type { NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import { serverText } from '@parla/shared/texts/server-texts';
import type { AdaptExplanationBody, TutorAnswer } from '@parla/shared/tutor.schema';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ContentProvider } from '../catalogue/content-bank';
import type { LearnersService } from '../learners/learners.service';
import type { GeneratedExercise } from '../sessions/lesson-generator';
import { storedAnswer } from '../sessions/session-kinds';
import type { SessionsRepository } from '../sessions/sessions.repository';
import type { ChatClient } from './chat-client';

const ExplanationSchema = z.object({ explanation: z.string().trim().min(1).max(1500) });
const HintSchema = z.object({ hint: z.string().trim().min(1).max(600) });
const languageName = (code: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;

/**
 * The AI tutor: explanations, hints and simpler wording from an OpenAI-compatible model when one
 * is configured, and always an answer from the content bank when it is not, or when it fails.
 */
export function createTutorService({
  lessons,
  learners,
  content,
  chat,
  logger,
}: {
  lessons: SessionsRepository;
  learners: LearnersService;
  content: ContentProvider;
  chat: ChatClient | undefined;
  logger: FastifyBaseLogger;
}) {
  async function exerciseOf(userId: string, sessionId: string, exerciseId: string) {
    const session = await lessons.findSession(userId, sessionId);
    if (session?.kind !== 'lesson') throw new AppError('not_found', 'This exercise is not part of one of your lessons.');
    const item = session.exercises.find((candidate) => candidate.exercise.id === exerciseId);
    if (!item) throw new AppError('not_found', 'This exercise is not part of one of your lessons.');
    const answer = storedAnswer(session.answers, exerciseId);
    return {
      session,
      item,
      answer,
      native: session.nativeLanguage as NativeLanguage,
      // The tutor speaks the exercise's language (the learner's text language when it was made).
      texts: item.exercise.instruction_language,
      course: session.course as TargetLanguage,
    };
  }

  async function askModel<T extends z.ZodType>(
    messages: Parameters<ChatClient['completeJson']>[0],
    schema: T,
  ): Promise<z.output<T> | undefined> {
    if (!chat) return undefined;
    try {
      return await chat.completeJson(messages, schema);
    } catch (error) {
      logger.warn({ err: error }, 'the tutor model failed; answering from the content bank');
      return undefined;
    }
  }

  const expectedText = (item: GeneratedExercise) => (item.key.kind === 'tokens' ? item.key.tokens.join(' ') : item.key.text);

  return {
    /** After an answer only: before it, an explanation would give the answer away. */
    async explain(userId: string, sessionId: string, exerciseId: string): Promise<TutorAnswer> {
      const { session, item, answer, native, texts, course } = await exerciseOf(userId, sessionId, exerciseId);
      if (!answer) throw new AppError('exercise_not_answered', 'Answer the exercise first; then the tutor explains it.');
      const lesson = content.get().lessonsById.get(session.lessonId);
      const note = lesson ? content.get().unitsById.get(lesson.unitId)?.notes[course] : undefined;
      const fromModel = await askModel(
        [
          {
            role: 'system',
            content: `You are a patient ${languageName(course)} tutor for a beginner (CEFR A1) whose native language is ${languageName(native)}. Reply in ${languageName(texts)} with a JSON object {"explanation": string}: two to four short sentences, no markdown.`,
          },
          {
            role: 'user',
            content: `Exercise (${item.exercise.type}): ${JSON.stringify(item.exercise.content)}\nCorrect answer: ${expectedText(item)}\nThe learner's answer was ${answer.correct ? 'right' : 'wrong'}. Explain why the correct answer is right.`,
          },
        ],
        ExplanationSchema,
      );
      if (fromModel) return { text: fromModel.explanation, language: texts, source: 'ai' };
      // One language per answer: the unit's note joins only when it exists in the learner's
      // language (the English fallback stays on the lesson page, marked as English).
      return { text: [item.explanation, note?.[texts]].filter(Boolean).join(' '), language: texts, source: 'content' };
    },

    async hint(userId: string, sessionId: string, exerciseId: string): Promise<TutorAnswer> {
      const { item, native, texts, course } = await exerciseOf(userId, sessionId, exerciseId);
      const fromModel = await askModel(
        [
          {
            role: 'system',
            content: `You are a ${languageName(course)} tutor. Give a beginner whose native language is ${languageName(native)} one hint, in ${languageName(texts)}, that helps without giving the answer away. Reply with a JSON object {"hint": string}.`,
          },
          {
            role: 'user',
            content: `Exercise (${item.exercise.type}): ${JSON.stringify(item.exercise.content)}\n(The answer, NOT to be revealed: ${expectedText(item)})`,
          },
        ],
        HintSchema,
      );
      // Nor its romanisation: in a non-Latin course that is an accepted answer too.
      const roman = item.key.roman?.toLowerCase();
      if (fromModel && !fromModel.hint.includes(expectedText(item)) && !(roman && fromModel.hint.toLowerCase().includes(roman)))
        return { text: fromModel.hint, language: texts, source: 'ai' };
      let text: string;
      if (item.key.kind === 'tokens') text = serverText(texts, 'hint.firstWord', { word: item.key.tokens[0] ?? '' });
      else if (item.key.kind === 'speech' && item.exercise.type === 'speaking')
        // The sentence is on screen already: the hint is what it means.
        text = serverText(texts, 'exercise.means', { target: item.key.text, native: item.exercise.content.translation });
      else if (item.key.kind === 'text')
        text = serverText(texts, 'hint.startsWith', { letter: [...item.key.text][0] ?? '', count: [...item.key.text].length });
      else {
        const prompt = item.exercise.type === 'multiple-choice' ? item.exercise.content.prompt : '';
        text = serverText(texts, 'hint.optionCount', { word: /[“«„「‘"](.+?)[”»“」’"]/.exec(prompt)?.[1] ?? prompt });
      }
      return { text, language: texts, source: 'content' };
    },

    /** Rewrites a text for the learner's level; without a model it stays as written. */
    async adapt(userId: string, body: AdaptExplanationBody): Promise<TutorAnswer> {
      const learner = await learners.requireLearner(userId);
      const native = learner.nativeLanguage;
      const texts = learner.textLanguage;
      const level = body.level ?? learner.profile.proficiency;
      const fromModel = await askModel(
        [
          {
            role: 'system',
            content: `Rewrite the explanation for a ${level} learner whose native language is ${languageName(native)}, in ${languageName(texts)}: simpler words, same meaning, at most five sentences. Reply with a JSON object {"explanation": string}.`,
          },
          { role: 'user', content: body.text },
        ],
        ExplanationSchema,
      );
      return fromModel
        ? { text: fromModel.explanation, language: texts, source: 'ai' }
        : { text: body.text, language: texts, source: 'content' };
    },
  };
}

export type TutorService = ReturnType<typeof createTutorService>;
