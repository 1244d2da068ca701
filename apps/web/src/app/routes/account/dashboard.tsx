import { Dashboard } from '../../../features/dashboard/components/dashboard';
import { SignedInShell } from '../../../features/dashboard/components/signed-in-shell';

export default function DashboardRoute() {
  return (
    <SignedInShell>
      <Dashboard />
    </SignedInShell>
  );
}
