import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { AppProviders } from '@/app/providers';
import { LOADING_TRANSLATIONS_TEXT } from '@/components/ui/loading-screen';
import { MemoryRouter } from '@/lib/router';
import { type LaterStringGroup, STRING_GROUPS } from '@/lib/string-groups';

const ALL_LATER_GROUPS = STRING_GROUPS.filter((group): group is LaterStringGroup => group !== 'core');

/**
 * Renders inside the app's real providers (theme, accessibility, interface language with the
 * real English file, every string group of it) and a router at `route`; resolves once the
 * translations are in.
 */
export async function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const result = render(
    <AppProviders initialStringGroups={ALL_LATER_GROUPS}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  await waitFor(() => expect(screen.queryByText(LOADING_TRANSLATIONS_TEXT)).not.toBeInTheDocument(), { timeout: 5_000 });
  return result;
}
