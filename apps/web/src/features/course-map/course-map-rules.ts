import type { CourseLesson } from '@parla/shared/lessons.schema';
import { type DailyAllowanceView, lessonAvailability } from '@/lib/daily-allowance';

export type CourseMapAction = 'start' | 'replay' | 'continue' | 'tomorrow' | 'locked';

/**
 * What a lesson's row offers: Continue for a session of today left unfinished, nothing but its lock
 * for a locked lesson, "available tomorrow" once the day's free lessons are used, else Replay for a
 * finished lesson (a session like any other) and Start.
 */
export function courseMapAction(lesson: Pick<CourseLesson, 'id' | 'state'>, daily: DailyAllowanceView): CourseMapAction {
  const availability = lessonAvailability(lesson.id, daily);
  if (availability === 'continue') return 'continue';
  if (lesson.state === 'locked') return 'locked';
  if (availability === 'tomorrow') return 'tomorrow';
  return lesson.state === 'done' ? 'replay' : 'start';
}
