import { Dashboard } from '@/features/dashboard/components/dashboard';
import { SignedInShell } from '../../shell/signed-in-shell';

export default function DashboardRoute() {
  return (
    <SignedInShell>
      <Dashboard />
    </SignedInShell>
  );
}
