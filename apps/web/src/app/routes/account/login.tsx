import { AuthForm } from '@/features/auth/components/auth-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function LoginRoute() {
  useDocumentTitle('title.login');
  return <AuthForm mode="login" />;
}
