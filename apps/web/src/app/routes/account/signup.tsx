import { AuthForm } from '@/features/auth/components/auth-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function SignupRoute() {
  useDocumentTitle('title.signup');
  return <AuthForm mode="signup" />;
}
