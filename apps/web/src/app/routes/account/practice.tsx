import { SignedInShell } from '../../../features/dashboard/components/signed-in-shell';
import { QuickPractice } from '../../../features/practice/components/quick-practice';

export default function PracticeRoute() {
  return (
    <SignedInShell>
      <QuickPractice />
    </SignedInShell>
  );
}
