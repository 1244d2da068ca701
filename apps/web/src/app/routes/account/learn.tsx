import { CourseMap } from '@/features/course-map/components/course-map';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function LearnRoute() {
  useDocumentTitle('title.learn');
  return <CourseMap />;
}
