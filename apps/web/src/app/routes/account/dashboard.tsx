import { Dashboard } from '@/features/dashboard/components/dashboard';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function DashboardRoute() {
  useDocumentTitle('title.dashboard');
  return <Dashboard />;
}
