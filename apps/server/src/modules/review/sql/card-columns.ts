import { z } from 'zod';

/** A review card as the deck stores it in JSON (db/schema DeckCard: timestamps as ISO text). */
export const DeckCardSchema = z.object({
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  scheduled_days: z.number(),
  learning_steps: z.number(),
  reps: z.number().int(),
  lapses: z.number().int(),
  state: z.number().int(),
  last_review: z.string().nullable(),
});

/** A card with its word, as the statements read it. */
export const CardColumnsSchema = DeckCardSchema.extend({ word_id: z.string() });
