import { ProfileSetup } from '@/features/auth/components/profile-setup';

export default function SetupRoute() {
  return <ProfileSetup />;
}
