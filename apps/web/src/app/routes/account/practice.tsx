import { QuickPractice } from '@/features/practice/components/quick-practice';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function PracticeRoute() {
  useDocumentTitle('title.practice');
  return <QuickPractice />;
}
