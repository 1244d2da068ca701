import { LessonPlayer } from '@/features/lesson-player/components/lesson-player';
import { useParams } from '@/lib/router';

export default function LessonRoute() {
  const { id = '' } = useParams();
  // A new lesson id is a new session: start from a clean player.
  return <LessonPlayer key={id} lessonId={id} />;
}
