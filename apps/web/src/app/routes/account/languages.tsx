import { SignedInShell } from '../../../features/dashboard/components/signed-in-shell';
import { LanguageSelection } from '../../../features/language-selection/components/language-selection';

export default function LanguagesRoute() {
  return (
    <SignedInShell>
      <LanguageSelection />
    </SignedInShell>
  );
}
