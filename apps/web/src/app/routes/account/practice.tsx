import { QuickPractice } from '@/features/practice/components/quick-practice';
import { SignedInShell } from '../../shell/signed-in-shell';

export default function PracticeRoute() {
  return (
    <SignedInShell>
      <QuickPractice />
    </SignedInShell>
  );
}
