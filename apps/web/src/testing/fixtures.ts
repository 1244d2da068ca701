import type { LessonSummary } from '@parla/shared/lessons.schema';
import type { AuthUser, UserProfile } from '@parla/shared/users.schema';

/** A signed-in learner as /users/me returns them, for component tests of the account area. */
const TEST_USER_ID = '4f1c2a7e-3b1d-4c55-9a3e-2b8f6d0e1a11';

export const testUser: AuthUser = {
  id: TEST_USER_ID,
  username: 'ana@example.com',
  email: 'ana@example.com',
  full_name: 'Ana García',
  native_language: 'en',
  learning_goal: null,
  learning_style: null,
  proficiency_level: 'beginner',
  wants_grammar_explanations: false,
  created_at: '2026-01-02T10:00:00.000Z',
};

export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    user_id: TEST_USER_ID,
    native_language: 'en',
    target_language: 'es',
    proficiency: 'beginner',
    learning_styles: ['visual'],
    goals: [],
    timezone: 'Europe/Madrid',
    interface_language: 'en',
    theme: 'system',
    wants_grammar_explanations: false,
    profile_completed: true,
    total_xp: 100,
    current_streak: 0,
    lessons_completed: 2,
    updated_at: '2026-01-03T10:00:00.000Z',
    ...overrides,
  };
}

/** The first lesson of the Spanish course as GET /lessons lists it, for lesson-player tests. */
export const greetingsLesson: LessonSummary = {
  id: 'greetings-1',
  unit_id: 'greetings',
  title: 'Hello!',
  description: 'Say hello',
  difficulty: 'beginner',
  duration: 5,
  xp_reward: 50,
  completed: false,
  progress: 0,
  category: 'Greetings',
  icon: '👋',
};
