import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ResetPasswordRoute() {
  useDocumentTitle('title.resetPassword');
  return <ResetPasswordForm />;
}
