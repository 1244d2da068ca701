import type { ContentWord, NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type {
  AnswerPracticeBody,
  AnswerPracticeResponse,
  CompletePracticeResponse,
  StartPracticeResponse,
} from '@parla/shared/practice.schema';
import { PRACTICE_QUESTION_COUNT, PRACTICE_SECONDS_PER_QUESTION, REVIEW_QUESTION_LIMIT } from '@parla/shared/practice.schema';
import { accuracyPercent, practiceStars, practiceXp } from '@parla/shared/scoring';
import { type LocalDate, localDate, streakPause } from '@parla/shared/streak';
import { serverText } from '@parla/shared/texts/server-texts';
import type { Clock } from '../../lib/clock';
import type { DomainEventBus } from '../../lib/domain-events';
import type { ContentProvider } from '../catalogue/content-bank';
import type { LearnersService } from '../learners/learners.service';
import type { ReviewRepository } from '../review/review.repository';
import type { ReviewService } from '../review/review.service';
import { seededRandom, shuffled } from './random';
import { type PracticeSession, type StoredQuestion, storedAnswer } from './session-kinds';
import type { SessionsRepository } from './sessions.repository';

type Kind = 'practice' | 'review';

/** The word a question was about, shown once answered: in the course's script with its romanisation, and its meaning. */
function answeredWord(word: ContentWord, course: TargetLanguage, native: NativeLanguage) {
  const { text, roman } = word.forms[course];
  return { text, ...(roman ? { roman } : {}), translation: word.forms[native].text };
}

/**
 * Quick practice (words the learner has met) and FSRS review (words that are due): timed
 * four-option questions, marked on the server, that never count against the daily lesson limit.
 */
/** A stored completion as answered: results stored before ADR 024 list no achievements. */
function presentCompletion(stored: unknown): CompletePracticeResponse {
  const result = stored as Omit<CompletePracticeResponse, 'achievements_earned'> &
    Partial<Pick<CompletePracticeResponse, 'achievements_earned'>>;
  return { ...result, achievements_earned: result.achievements_earned ?? [] };
}

export function createPracticeSessionsService({
  sessions,
  learners,
  reviewRepo,
  reviews,
  content,
  clock,
  events,
}: {
  events: DomainEventBus;
  sessions: SessionsRepository;
  learners: LearnersService;
  reviewRepo: ReviewRepository;
  reviews: ReviewService;
  content: ContentProvider;
  clock: Clock;
}) {
  /** Questions and explanations are written in `textLanguage` (Learner.textLanguage), around the native words. */
  function buildQuestions(
    words: ContentWord[],
    course: TargetLanguage,
    native: NativeLanguage,
    textLanguage: NativeLanguage,
    seed: number,
  ): StoredQuestion[] {
    const random = seededRandom(seed);
    const bank = content.get();
    return words.map((word, index) => {
      const toTarget = index % 2 === 0;
      const side = toTarget ? course : native;
      const unitWords = bank.unitsById.get(word.unitId)?.lessons.flatMap((lesson) => lesson.words) ?? [];
      const seen = new Set([word.forms[side].text]);
      const distractors = shuffled(unitWords, random)
        .filter((other) => other.id !== word.id && !seen.has(other.forms[side].text) && seen.add(other.forms[side].text))
        .slice(0, 3)
        .map((other) => other.forms[side].text);
      const options = shuffled([word.forms[side].text, ...distractors], random);
      return {
        question: {
          id: `q${index + 1}`,
          type: toTarget ? 'to-target' : 'to-native',
          question: serverText(textLanguage, toTarget ? 'exercise.howDoYouSay' : 'exercise.whatDoesMean', {
            word: word.forms[toTarget ? native : course].text,
          }),
          options,
          word_id: word.id,
        },
        correctAnswer: options.indexOf(word.forms[side].text),
        explanation: serverText(textLanguage, 'exercise.means', {
          target: word.forms[course].text,
          native: word.forms[native].text,
        }),
      };
    });
  }

  async function sessionOf(userId: string, sessionId: string, kind: Kind): Promise<PracticeSession> {
    const session = await sessions.findSession(userId, sessionId);
    if (session?.kind !== kind) throw new AppError('not_found', 'This practice session does not exist.');
    return session;
  }

  return {
    /** `lessonId` (review only): that lesson's words, the most overdue first, due or not. */
    async start(userId: string, kind: Kind, lessonId?: string): Promise<StartPracticeResponse> {
      const { nativeLanguage: native, textLanguage, targetLanguage: course, timeZone } = await learners.requireLearner(userId);
      const bank = content.get();
      const now = clock.now();
      const seed = Math.floor(Math.random() * 2 ** 31);
      let words: ContentWord[];
      if (kind === 'review' && lessonId !== undefined) {
        const lesson = bank.lessonsById.get(lessonId);
        if (!lesson) throw new AppError('not_found', 'This lesson does not exist.');
        const taught = new Set(lesson.words.map((word) => word.id));
        const cards = (await reviewRepo.allCards(userId, course))
          .filter((card) => taught.has(card.wordId))
          .sort((a, b) => a.due.getTime() - b.due.getTime())
          .slice(0, REVIEW_QUESTION_LIMIT);
        words = cards.flatMap((card) => bank.wordsById.get(card.wordId) ?? []);
        if (words.length === 0)
          throw new AppError('nothing_due', 'This lesson’s words are not in your review deck yet: take the lesson first.');
      } else if (kind === 'review') {
        const due = await reviewRepo.dueCards(userId, course, now, REVIEW_QUESTION_LIMIT);
        words = due.flatMap((card) => bank.wordsById.get(card.wordId) ?? []);
        if (words.length === 0) throw new AppError('nothing_due', 'Nothing is due for review right now. Well done!');
      } else {
        const met = (await reviewRepo.allCards(userId, course)).flatMap((card) => bank.wordsById.get(card.wordId) ?? []);
        const pool = met.length >= 4 ? met : (bank.units[0]?.lessons.flatMap((lesson) => lesson.words) ?? []);
        words = shuffled(pool, seededRandom(seed)).slice(0, PRACTICE_QUESTION_COUNT);
      }
      const questions = buildQuestions(words, course, native, textLanguage, seed);
      const session = await sessions.insertSession({
        userId,
        kind,
        lessonId: kind,
        course,
        nativeLanguage: native,
        seed,
        exercises: questions,
        localDate: localDate(now, timeZone),
        startedAt: now,
      });
      return {
        session_id: session.id,
        kind,
        course,
        native_language: native,
        seconds_per_question: PRACTICE_SECONDS_PER_QUESTION,
        questions: questions.map((item) => item.question),
      };
    },

    /** The first answer counts (a retry gets the same result); `null` means the time ran out. */
    async answer(userId: string, kind: Kind, sessionId: string, body: AnswerPracticeBody): Promise<AnswerPracticeResponse> {
      const session = await sessionOf(userId, sessionId, kind);
      const stored = storedAnswer(session.answers, body.question_id);
      if (stored) return stored;
      if (session.completedAt) throw new AppError('already_completed', 'This practice is already finished.');
      const item = session.exercises.find((candidate) => candidate.question.id === body.question_id);
      if (!item) throw new AppError('not_found', 'This question is not part of the session.');
      const word = content.get().wordsById.get(item.question.word_id);
      const native = session.nativeLanguage as NativeLanguage;
      const result: AnswerPracticeResponse = {
        question_id: body.question_id,
        correct: body.answer === item.correctAnswer,
        correct_answer: item.correctAnswer,
        explanation: item.explanation,
        ...(word ? { word: answeredWord(word, session.course as TargetLanguage, native) } : {}),
      };
      const saved = await sessions.recordAnswer(session.id, body.question_id, result);
      if (!saved) {
        const latest = await sessions.findSession(userId, session.id);
        const first = latest?.kind === kind ? storedAnswer(latest.answers, body.question_id) : undefined;
        if (first) return first;
        throw new AppError('already_completed', 'This practice is already finished.');
      }
      await reviews.grade(userId, session.course, [{ wordId: item.question.word_id, correct: result.correct }], clock.now());
      return result;
    },

    async complete(userId: string, kind: Kind, sessionId: string): Promise<CompletePracticeResponse> {
      const session = await sessionOf(userId, sessionId, kind);
      if (session.completedAt && session.result) return presentCompletion(session.result);
      const questions = session.exercises;
      const answers = questions.map((item) => storedAnswer(session.answers, item.question.id));
      // XP is for questions met: each one answered, or timed out (answered with null).
      const open = answers.filter((answer) => answer === undefined).length;
      if (open > 0) {
        throw new AppError(
          'practice_unfinished',
          `Answer every question before finishing: ${open} of ${questions.length} still open.`,
        );
      }
      const correct = answers.filter((answer) => answer?.correct).length;
      const accuracy = accuracyPercent(correct, questions.length);
      const xp = practiceXp(accuracy);
      const learner = await learners.requireLearner(userId);
      const now = clock.now();
      const written = await sessions.completePracticeSession({
        sessionId: session.id,
        kind,
        accuracy,
        award: {
          userId,
          sourceKind: kind,
          sourceId: session.id,
          xp,
          at: now,
          // The day of `now`, the instant this completion is stamped with.
          localDate: localDate(now, learner.timeZone),
          before: {
            current: learner.profile.currentStreak,
            lastActiveDate: learner.profile.lastActiveDate as LocalDate | null,
            freezes: learner.profile.streakFreezes,
          },
          vacation: streakPause(learner.profile.vacationStart, learner.profile.vacationUntil),
        },
        result: {
          session_id: session.id,
          correct,
          total: questions.length,
          accuracy,
          xp_earned: xp,
          stars: practiceStars(accuracy),
        },
      });
      if (written) {
        void events.committed(written.events);
        return presentCompletion(written.result);
      }
      // Another request finished it first: answer with what that one stored.
      const finished = await sessions.findSession(userId, session.id);
      if (finished?.completedAt && finished.result) return presentCompletion(finished.result);
      throw new AppError('not_found', 'This practice session does not exist.');
    },
  };
}

export type PracticeSessionsService = ReturnType<typeof createPracticeSessionsService>;
