import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { stringGroupsForPath } from '../lib/string-groups';
import { AppProviders } from './providers';
import { AppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders initialStringGroups={stringGroupsForPath(window.location.pathname)}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
