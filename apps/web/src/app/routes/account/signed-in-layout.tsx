import { SignedInShell } from '../../shell/signed-in-shell';

export default function SignedInLayout() {
  return <SignedInShell />;
}
