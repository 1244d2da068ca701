import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function PrivacyRoute() {
  useDocumentTitle('title.privacy');
  return <PrivacyPolicy />;
}
