import { ReviewScreen } from '@/features/review/components/review-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ReviewRoute() {
  useDocumentTitle('title.review');
  return <ReviewScreen />;
}
