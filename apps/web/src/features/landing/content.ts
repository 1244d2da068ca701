// The landing's static marketing records (spec §1: learner counts, partners, testimonials, blog
// posts and FAQ are static content). Words live in locales/*.json under the ids used here; this
// file holds only what is not translated: numbers, dates, codes, people's and partners' names.

export const FEATURE_IDS = ['aiTutor', 'conversation', 'pronunciation', 'progress', 'community', 'anywhere'] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export const STEP_IDS = ['choose', 'learn', 'practice'] as const;

export const METHODS = [
  { id: 'multipleChoice', emoji: '🔤' },
  { id: 'fillBlank', emoji: '✍️' },
  { id: 'wordOrder', emoji: '🧩' },
  { id: 'listening', emoji: '🎧' },
  { id: 'speaking', emoji: '🎙️' },
  { id: 'review', emoji: '🔁' },
] as const;

export const PARTNERS = ['Lingua Labs', 'EduNova', 'Campus Mediterrani', 'WorldSchool', 'OpenBooks', 'Polyglot Club'] as const;

export const TESTIMONIALS = [
  { id: 't1', name: 'Lucía Fernández', avatar: '👩🏻', language: 'ja', rating: 5, months: 8 },
  { id: 't2', name: 'James Okafor', avatar: '👨🏿', language: 'es', rating: 5, months: 5 },
  { id: 't3', name: 'Mei Chen', avatar: '👩🏻‍🎓', language: 'fr', rating: 5, months: 12 },
  { id: 't4', name: 'Omar Haddad', avatar: '👨🏽‍💼', language: 'de', rating: 4, months: 6 },
  { id: 't5', name: 'Sofia Rossi', avatar: '👩🏼', language: 'ko', rating: 5, months: 3 },
  { id: 't6', name: 'Arjun Mehta', avatar: '👨🏾‍💻', language: 'pt', rating: 5, months: 10 },
] as const;

export const BLOG_POSTS = [
  { id: 'p1', date: '2026-11-12', readMinutes: 6, emoji: '🧠' },
  { id: 'p2', date: '2026-10-30', readMinutes: 4, emoji: '🗣️' },
  { id: 'p3', date: '2026-10-15', readMinutes: 8, emoji: '✈️' },
] as const;

export const FAQ_IDS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'q10', 'q11', 'q12'] as const;

/** Spec §9: Premium costs 5 EUR a month or 50 EUR a year (advertised saving 17 %). */
export const PRICING = {
  currency: 'EUR',
  premiumMonthly: 5,
  premiumYearly: 50,
  yearlySavingPercent: 17,
  freeFeatureCount: 6,
  premiumFeatureCount: 8,
} as const;

export const HELP_TOPICS = [
  { id: 'gettingStarted', href: '#how-it-works' },
  { id: 'billing', href: '#pricing' },
  { id: 'privacy', href: '/privacy' },
  { id: 'contact', href: '#contact' },
] as const;
