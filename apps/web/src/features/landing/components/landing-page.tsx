import { lazy, Suspense, useState } from 'react';
import { afterPageLoad } from '@/lib/lazy-with-preload';
import { Hero } from './hero';
import { SiteHeader } from './site-header';

let belowFold: Promise<typeof import('./landing-below-fold')> | undefined;
/** When the landing is the page opened, this runs once the first frame is painted; the code comes after `load`. */
export const preloadLandingBelowFold = () => {
  belowFold ??= afterPageLoad().then(() => import('./landing-below-fold'));
  return belowFold;
};
const LandingBelowFold = lazy(preloadLandingBelowFold);
const DemoDialog = lazy(() => import('./demo-dialog'));

export function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoRequested, setDemoRequested] = useState(false);

  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero
          onWatchDemo={() => {
            setDemoRequested(true);
            setDemoOpen(true);
          }}
        />
        <Suspense fallback={<div className="min-h-screen" />}>
          <LandingBelowFold main />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <LandingBelowFold main={false} />
      </Suspense>
      {demoRequested ? (
        <Suspense fallback={null}>
          <DemoDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
