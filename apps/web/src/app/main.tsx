import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles.css';
import { startEarlyRequests } from '@/lib/early-requests';
import { stringGroupsForPath } from '@/lib/string-groups';
import { AppProviders } from './providers';
import { AppRouter, preloadRouteCode } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// What the page opened needs travels while React renders: behind an account, its first API calls
// (lib/early-requests.ts) and, once the first frame is painted, its code.
const { pathname } = window.location;
const initialStringGroups = stringGroupsForPath(pathname);
startEarlyRequests();
window.requestAnimationFrame(() => window.setTimeout(() => preloadRouteCode(pathname)));
// The first Intl formatter of a page costs tens of milliseconds on a phone (the browser sets up its
// locale data once). Screens behind an account format numbers and times as soon as their data
// arrives: pay that while waiting for it instead.
if (initialStringGroups.includes('app')) {
  const warmUp = () => new Intl.NumberFormat().format(0);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(warmUp, { timeout: 500 });
  else window.setTimeout(warmUp, 0);
}

createRoot(container).render(
  <StrictMode>
    <AppProviders initialStringGroups={initialStringGroups}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
