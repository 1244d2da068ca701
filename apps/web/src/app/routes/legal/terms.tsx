import { TermsOfService } from '@/features/legal/components/terms-of-service';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function TermsRoute() {
  useDocumentTitle('title.terms');
  return <TermsOfService />;
}
