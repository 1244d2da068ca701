import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { FAQ_IDS } from '../content';
import { LandingPage } from './landing-page';

const SECTIONS = [
  'features',
  'how-it-works',
  'learning-methods',
  'pricing',
  'blog',
  'faq',
  'about',
  'contact',
  'help-center',
  'community',
  'legal',
];

describe('landing page', () => {
  it('has every anchored section, 12 FAQ entries, and sign-in / get-started links', async () => {
    const { container } = await renderWithApp(<LandingPage />);
    await screen.findByRole('heading', { name: 'Frequently asked questions' }, { timeout: 5_000 });
    for (const id of SECTIONS) expect(container.querySelector(`#${id}`), id).not.toBeNull();
    expect(container.querySelectorAll('#faq details')).toHaveLength(FAQ_IDS.length);
    expect(FAQ_IDS).toHaveLength(12);
    expect(container.querySelectorAll('figure blockquote')).toHaveLength(6);
    expect(container.querySelectorAll('#blog article')).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
    for (const link of screen.getAllByRole('link', { name: /Get Started Free|Join Community|Start Premium/ })) {
      expect(link).toHaveAttribute('href', '/signup');
    }
  });

  it('offers "Go to my lessons" instead of signing in when this browser has a session open', async () => {
    window.localStorage.setItem('parla.signed-in', '1');
    await renderWithApp(<LandingPage />);
    const links = screen.getAllByRole('link', { name: 'Go to my lessons' });
    expect(links).toHaveLength(2); // header and hero
    for (const link of links) expect(link).toHaveAttribute('href', '/app');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('shows sign in and get started, not "Go to my lessons", to a visitor', async () => {
    await renderWithApp(<LandingPage />);
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Go to my lessons' })).toBeNull();
  });

  it('opens the demo modal, which Escape closes, returning focus', async () => {
    const user = userEvent.setup();
    await renderWithApp(<LandingPage />);
    const watch = screen.getByRole('button', { name: 'Watch Demo' });
    await user.click(watch);
    expect(await screen.findByRole('dialog', { name: 'Product demo' })).toHaveTextContent('coming soon');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(watch).toHaveFocus();
  });

  it('closes the demo modal on a backdrop click', async () => {
    const user = userEvent.setup();
    await renderWithApp(<LandingPage />);
    await user.click(screen.getByRole('button', { name: 'Watch Demo' }));
    await screen.findByRole('dialog', { name: 'Product demo' });
    await user.click(screen.getByTestId('dialog-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
