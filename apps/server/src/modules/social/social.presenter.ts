import { levelFromXp } from '@parla/shared/levels';
import type { Friend, Suggestion } from '@parla/shared/social.schema';
import { ONLINE_WINDOW_MINUTES } from '@parla/shared/social.schema';
import { localDate } from '@parla/shared/streak';
import { presentStreak } from '../progress/progress.presenter';
import type { LearnerRow, SuggestionRow } from './social.repository';

const ONLINE_WINDOW_MS = ONLINE_WINDOW_MINUTES * 60 * 1000;

/**
 * Another learner as the viewer sees them: level, XP, their streak as of their own today, and
 * whether they are online. A private profile shows those only to the learners it follows: to
 * anyone else they are null (the name and course stay, so a follow can still be undone).
 */
export function presentFriend(row: LearnerRow, following: boolean, now: Date): Friend {
  const visible = !row.is_private || row.follows_me;
  const lastSeen = row.last_seen_ms === null ? null : new Date(row.last_seen_ms);
  return {
    user_id: row.user_id,
    name: row.name,
    course: row.course,
    level: visible ? levelFromXp(row.total_xp) : null,
    total_xp: visible ? row.total_xp : null,
    streak: visible ? presentStreak(row, localDate(now, row.timezone)).current : null,
    online: visible ? lastSeen !== null && now.getTime() - lastSeen.getTime() <= ONLINE_WINDOW_MS : null,
    last_seen_at: visible && lastSeen ? lastSeen.toISOString() : null,
    following,
    follows_me: row.follows_me,
  };
}

export function presentSuggestion(row: SuggestionRow, now: Date): Suggestion {
  return { ...presentFriend(row, false, now), reason: row.reason, mutual_count: row.mutual_count };
}
