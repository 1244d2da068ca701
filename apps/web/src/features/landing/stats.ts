// The hero shows these on the first paint, so they sit apart from the rest of the landing's records
// (content.ts), which only the part below the fold needs: the landing's first load carries just these.

/** Headline figures; each is formatted for the interface language at render time. */
export const STATS = {
  learners: 2_000_000,
  rating: 4.8,
  voiceAccuracy: 0.95,
} as const;
