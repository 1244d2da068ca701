import { ProfileSetup } from '@/features/auth/components/profile-setup';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SetupRoute() {
  useDocumentTitle('title.setup');
  return <ProfileSetup />;
}
