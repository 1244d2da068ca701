import { lazy, type ReactNode, Suspense } from 'react';
import { preloadLandingBelowFold } from '@/features/landing/components/landing-page';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { BrowserRouter, matchPath, Route, Routes } from '@/lib/router';
import { LandingRoute } from './routes/landing';
import { RootLayout, RouteLoading } from './routes/root-layout';

// Declarative routes with our own small router (lib/router.tsx, docs/decisions/007): the public
// pages load no data, and react-router would cost ~15 KB gzip of the landing's 110 KB budget.
const PrivacyRoute = lazy(() => import('./routes/legal/privacy'));
const TermsRoute = lazy(() => import('./routes/legal/terms'));
const CookiesRoute = lazy(() => import('./routes/legal/cookies'));
const AccountLayout = lazyWithPreload(() => import('./routes/account/account-layout'));
const RequireAccount = lazyWithPreload(() => AccountLayout.preload().then((module) => ({ default: module.RequireAccount })));
const LoginRoute = lazy(() => import('./routes/account/login'));
const SignupRoute = lazy(() => import('./routes/account/signup'));
const ForgotPasswordRoute = lazy(() => import('./routes/account/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/account/reset-password'));
const SetupRoute = lazy(() => import('./routes/account/setup'));
const SignedInLayout = lazyWithPreload(() => import('./routes/account/signed-in-layout'));
const DashboardRoute = lazyWithPreload(() => import('./routes/account/dashboard'));
const LearnRoute = lazyWithPreload(() => import('./routes/account/learn'));
const PracticeRoute = lazy(() => import('./routes/account/practice'));
const ReviewRoute = lazy(() => import('./routes/account/review'));
const LanguagesRoute = lazy(() => import('./routes/account/languages'));
const ProgressRoute = lazyWithPreload(() => import('./routes/account/progress'));
const SettingsRoute = lazy(() => import('./routes/account/settings'));
const FriendsRoute = lazyWithPreload(() => import('./routes/account/friends'));
const MessagesRoute = lazy(() => import('./routes/account/messages'));
const LessonRoute = lazyWithPreload(() => import('./routes/account/lesson'));

/**
 * The code of the page opened, requested before the first render. A signed-in screen's comes
 * beside the session restore instead of one lazy chunk after another (the layout, then the
 * session, then the screen). A failure shows when the route renders.
 */
export function preloadRouteCode(pathname: string): void {
  if (matchPath('/', pathname)) {
    preloadLandingBelowFold().catch(() => undefined);
    return;
  }
  const screen = matchPath('app', pathname)
    ? DashboardRoute
    : matchPath('app/learn', pathname)
      ? LearnRoute
      : matchPath('app/lesson/:id', pathname)
        ? LessonRoute
        : matchPath('app/progress', pathname)
          ? ProgressRoute
          : matchPath('app/friends', pathname)
            ? FriendsRoute
            : null;
  if (!screen) return;
  for (const component of [AccountLayout, RequireAccount, SignedInLayout, screen]) component.preload().catch(() => undefined);
}

const withFallback = (element: ReactNode) => <Suspense fallback={<RouteLoading />}>{element}</Suspense>;

// The spec sends every unknown path to the landing page, so "*" renders it too. Everything
// behind an account shares one lazily loaded layout (session + query cache); the signed-in screens
// share one more, the frame with the app's navigation, which stays mounted as they change (it shows
// a screen's loading inside itself).
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingRoute />} />
        <Route path="privacy" element={withFallback(<PrivacyRoute />)} />
        <Route path="terms" element={withFallback(<TermsRoute />)} />
        <Route path="cookies" element={withFallback(<CookiesRoute />)} />
        <Route element={withFallback(<AccountLayout />)}>
          <Route path="login" element={withFallback(<LoginRoute />)} />
          <Route path="signup" element={withFallback(<SignupRoute />)} />
          <Route path="forgot-password" element={withFallback(<ForgotPasswordRoute />)} />
          <Route path="reset-password" element={withFallback(<ResetPasswordRoute />)} />
          <Route element={withFallback(<RequireAccount needsProfile={false} />)}>
            <Route path="setup" element={withFallback(<SetupRoute />)} />
          </Route>
          <Route element={withFallback(<RequireAccount needsProfile />)}>
            <Route element={withFallback(<SignedInLayout />)}>
              <Route path="app" element={<DashboardRoute />} />
              <Route path="app/learn" element={<LearnRoute />} />
              <Route path="app/practice" element={<PracticeRoute />} />
              <Route path="app/review" element={<ReviewRoute />} />
              <Route path="app/languages" element={<LanguagesRoute />} />
              <Route path="app/progress" element={<ProgressRoute />} />
              <Route path="app/settings" element={<SettingsRoute />} />
              <Route path="app/friends" element={<FriendsRoute />} />
              <Route path="app/messages" element={<MessagesRoute />} />
              <Route path="app/messages/:id" element={<MessagesRoute />} />
              <Route path="app/lesson/:id" element={<LessonRoute />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<LandingRoute />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
