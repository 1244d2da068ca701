import { Dashboard } from '@/features/dashboard/components/dashboard';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { HeaderSearch } from '@/features/search/components/header-search';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function DashboardRoute() {
  useDocumentTitle('title.dashboard');
  return <Dashboard headerSearch={<HeaderSearch />} headerActions={<NotificationBell />} />;
}
