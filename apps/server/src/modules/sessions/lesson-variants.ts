import { createHash } from 'node:crypto';
import type { ContentBank } from '@parla/content/load-content';
import type { ContentLesson, NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import type { Exercise } from '@parla/shared/lessons.schema';
import { jsonOf, rememberJson } from '../../lib/remembered-json';
import { type GeneratedExercise, generateLesson } from './lesson-generator';

/**
 * How many variants of a lesson there are for one pair of languages: a start draws one at random
 * (ADR 032). Each is generated once per replica and stored once for every session that draws it.
 */
export const LESSON_VARIANTS = 8;
/** Variants kept in memory (each some 10–20 KB), the least recently used dropped first. */
const CACHED_VARIANTS = 2_000;

/** One generated version of a lesson, shared by every session that draws it; never changed. */
export interface LessonVariant {
  /** A digest of the generated exercises: the same lesson from the same content has the same id everywhere. */
  id: string;
  lessonId: string;
  /** Exercise id → the exercise with its key, explanation and words. */
  items: ReadonlyMap<string, GeneratedExercise>;
  /** The exercises as a learner receives them (no keys): one array whose JSON is remembered. */
  exercises: readonly Exercise[];
  /** The generated exercises as stored (lesson_variants.exercises). */
  json: string;
  /** Exercise id → the words it asks about, as a session stores it (item_words). */
  itemWordsJson: string;
  /** Set once this replica has seen the variant stored: later starts send only its id. */
  stored: boolean;
}

/** The ref a variant's exercises are remembered under (lib/remembered-json). */
export const VARIANT_REF_PREFIX = 'variant:';

function variantOf(lessonId: string, generated: readonly GeneratedExercise[], stored: boolean, storedId?: string): LessonVariant {
  const json = JSON.stringify(generated);
  // A variant read back keeps the id it was stored under, whatever its JSON looks like now.
  const id = storedId ?? createHash('sha256').update(json).digest('base64url').slice(0, 32);
  const exercises = generated.map((item) => item.exercise);
  return {
    id,
    lessonId,
    items: new Map(generated.map((item) => [item.exercise.id, item])),
    exercises: rememberJson(exercises, JSON.stringify(exercises), `${VARIANT_REF_PREFIX}${id}`),
    json,
    itemWordsJson: JSON.stringify(Object.fromEntries(generated.map((item) => [item.exercise.id, item.wordIds]))),
    stored,
  };
}

export interface VariantRequest {
  bank: ContentBank;
  lesson: ContentLesson;
  course: TargetLanguage;
  native: NativeLanguage;
  textLanguage: NativeLanguage;
}

/**
 * The lesson variants this replica knows: drawn for a start (generated on first use), found by id
 * for marking and the tutor (read from the database when another replica made it).
 */
export function createLessonVariants({
  readStored,
}: {
  /** The stored variants of these ids (sessions repository). */
  readStored: (id: string) => Promise<{ lesson_id: string; exercises: unknown[] } | undefined>;
}) {
  const byId = new Map<string, LessonVariant>();
  // Per content bank (a new bank makes new variants): what each (lesson, languages, seed) generated.
  const idsByBank = new WeakMap<ContentBank, Map<string, string>>();

  const remember = (variant: LessonVariant): LessonVariant => {
    byId.delete(variant.id);
    byId.set(variant.id, variant);
    if (byId.size > CACHED_VARIANTS) {
      const oldest = byId.keys().next().value;
      if (oldest !== undefined) byId.delete(oldest);
    }
    return variant;
  };

  /** A stored variant by id; undefined when there is none. */
  async function find(id: string): Promise<LessonVariant | undefined> {
    const cached = byId.get(id);
    if (cached) return remember(cached);
    const row = await readStored(id);
    if (!row) return undefined;
    return remember(variantOf(row.lesson_id, row.exercises as GeneratedExercise[], true, id));
  }

  return {
    /** Variant `seed` (0 … LESSON_VARIANTS − 1) of a lesson for a learner's languages. */
    draw(request: VariantRequest, seed: number): LessonVariant {
      const { bank, lesson, course, native, textLanguage } = request;
      const ids = idsByBank.get(bank) ?? new Map<string, string>();
      idsByBank.set(bank, ids);
      const key = `${lesson.id} ${course} ${native} ${textLanguage} ${seed}`;
      const known = ids.get(key);
      const cached = known === undefined ? undefined : byId.get(known);
      if (cached) return remember(cached);
      const variant = variantOf(lesson.id, generateLesson({ bank, lesson, course, native, textLanguage, seed }), false);
      ids.set(key, variant.id);
      // A variant read back from the database is the same one: keep whether it is known stored.
      const before = byId.get(variant.id);
      return remember(before ?? variant);
    },

    /** The JSON of a variant's exercises by its ref (`variant:<id>`), for a replayed answer (plugins/idempotency). */
    async fragment(ref: string): Promise<string | undefined> {
      if (!ref.startsWith(VARIANT_REF_PREFIX)) return undefined;
      const variant = await find(ref.slice(VARIANT_REF_PREFIX.length));
      return variant && jsonOf(variant.exercises);
    },

    /** A stored variant by id; undefined when there is none. */
    find,
  };
}

export type LessonVariants = ReturnType<typeof createLessonVariants>;
