import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { useMe } from '@/lib/auth/get-me';
import { useI18n, useStringGroup } from '@/lib/i18n/language-context';
import { createQueryClient } from '@/lib/query-client';
import { Navigate, Outlet, useLocation, useNavigate } from '@/lib/router';

/**
 * Everything behind an account (sign-in screens and the app) shares one session and one query
 * cache; this chunk is loaded only when a learner goes there, so the landing stays light.
 */
export default function AccountLayout() {
  useStringGroup('app');
  const [queryClient] = useState(createQueryClient);
  const navigate = useNavigate();
  // Spec §8: a 401 anywhere returns the learner to sign-in, with a message.
  const onSessionLost = useCallback(() => navigate(`${paths.login}?session=expired`, { replace: true }), [navigate]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSessionLost={onSessionLost}>
        <Outlet />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** Screens for signed-in learners; `needsProfile` also sends an unfinished setup to /setup. */
export function RequireAccount({ needsProfile }: { needsProfile: boolean }) {
  const { t } = useI18n();
  const { isLoading, isAuthenticated } = useAuth();
  const me = useMe();
  const location = useLocation();
  const profile = me.data?.profile;
  if (isLoading || (isAuthenticated && me.isPending)) return <LoadingScreen message={t('common.loading')} />;
  if (!isAuthenticated || !profile) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (needsProfile && !profile.profile_completed) return <Navigate to={paths.setup} replace />;
  return <Outlet />;
}
