import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/** Stored lesson variants by id, many at once ($1: a JSON array of ids; ADR 032): what another replica made, or one made before a restart. */
export const findLessonVariants = defineStatement({
  name: 'find_lesson_variants',
  params: ['jsonb'],
  row: z.object({ id: z.string(), lesson_id: z.string(), exercises: z.array(z.unknown()) }),
  text: `select v.id, v.lesson_id, v.exercises from lesson_variants v where v.id in (select jsonb_array_elements_text($1::jsonb))`,
});
