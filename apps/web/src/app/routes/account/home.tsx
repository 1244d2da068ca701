import { SignedInHome } from '../../../features/auth/components/signed-in-home';

export default function HomeRoute() {
  return <SignedInHome />;
}
