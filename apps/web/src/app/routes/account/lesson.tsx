import { LessonPlayer } from '@/features/lesson-player/components/lesson-player';
import { useParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function LessonRoute() {
  useDocumentTitle('title.lesson');
  const { id = '' } = useParams();
  // A new lesson id is a new session: start from a clean player.
  return <LessonPlayer key={id} lessonId={id} />;
}
