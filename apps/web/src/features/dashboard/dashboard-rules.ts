/** Spec §2: morning before 12, afternoon before 18, evening after. */
export function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

/** Spec §2: "review" once completed, "continue" when started, otherwise "start". */
export function lessonAction(lesson: { completed: boolean; progress: number }): 'review' | 'continue' | 'start' {
  if (lesson.completed) return 'review';
  if (lesson.progress > 0) return 'continue';
  return 'start';
}
