import { LanguageSelection } from '@/features/language-selection/components/language-selection';
import { SignedInShell } from '../../shell/signed-in-shell';

export default function LanguagesRoute() {
  return (
    <SignedInShell>
      <LanguageSelection />
    </SignedInShell>
  );
}
