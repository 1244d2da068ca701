import { ProgressScreen } from '@/features/progress/components/progress-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ProgressRoute() {
  useDocumentTitle('title.progress');
  return <ProgressScreen />;
}
