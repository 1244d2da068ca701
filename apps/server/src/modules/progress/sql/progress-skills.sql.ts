import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { DeckCardSchema } from '../../review/sql/card-columns';

/**
 * The Skills tab in one round trip, for the learner's current course: every stored answer that
 * counts (skips left out) by the category of what it answered (a lesson exercise's
 * `metadata.skill_type`; a practice or review question is 'practice'), read from the learner's
 * sessions of the course (the (user_id, local_date, lesson_id) index); and each lesson's completions and
 * review cards (lesson_progress, by its key).
 */
export const progressSkillsRow = defineStatement({
  name: 'progress_skills_row',
  params: ['uuid'],
  row: z.object({
    row: z.object({
      native_language: z.string(),
      target_language: z.string(),
      answers: z.array(z.object({ category: z.string(), answered: z.number().int(), correct: z.number().int() })),
      lessons: z.array(
        z.object({ lesson_id: z.string(), completions: z.number().int(), cards: z.record(z.string(), DeckCardSchema) }),
      ),
    }),
  }),
  text: `
  select json_build_object(
           'native_language', p.native_language,
           'target_language', p.target_language,
           'answers', (select coalesce(json_agg(json_build_object('category', a.category, 'answered', a.answered,
                                                                  'correct', a.correct)), '[]'::json)
                         from (select x.category, count(*)::int as answered,
                                      count(*) filter (where x.correct)::int as correct
                                 from lesson_sessions s
                                cross join lateral (
                                  select case when s.kind = 'lesson' then e.item->'exercise'->'metadata'->>'skill_type'
                                              else 'practice' end as category,
                                         coalesce((s.answers -> (case when s.kind = 'lesson' then e.item->'exercise'->>'id'
                                                                      else e.item->'question'->>'id' end)
                                                   ->> 'correct')::boolean, false) as correct,
                                         s.answers -> (case when s.kind = 'lesson' then e.item->'exercise'->>'id'
                                                            else e.item->'question'->>'id' end) as answer
                                    from jsonb_array_elements(coalesce(s.exercises, (select v.exercises from lesson_variants v
                                                                                 where v.id = s.variant_id))) e(item)) x
                                where s.user_id = p.user_id and s.course = p.target_language
                                  and x.answer is not null and x.answer->'skipped' is null
                                group by x.category) a),
           'lessons', (select coalesce(json_agg(json_build_object('lesson_id', lp.lesson_id, 'completions', lp.completions,
                                                                  'cards', lp.cards)), '[]'::json)
                         from lesson_progress lp where lp.user_id = p.user_id and lp.course = p.target_language)
         ) as row
    from profiles p
   where p.user_id = $1`,
});
