import { FriendsScreen } from '@/features/friends/components/friends-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function FriendsRoute() {
  useDocumentTitle('title.friends');
  return <FriendsScreen />;
}
