import { Dashboard } from '@/features/dashboard/components/dashboard';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function DashboardRoute() {
  useDocumentTitle('title.dashboard');
  return <Dashboard headerActions={<NotificationBell />} />;
}
