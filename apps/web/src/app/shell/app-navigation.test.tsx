import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { type AppNavigationProps, BottomNavigation, DesktopNavigation } from './app-navigation';
import { formatBadgeCount, isNavigationVisible, screenForPath } from './navigation-rules';

const base: AppNavigationProps = { pathname: '/app', hasSession: true, profileCompleted: true, streak: 0, unreadCount: 0 };

describe('navigation rules', () => {
  it('shows only with a session, a completed profile, and off the loading/login/forgot/setup screens', () => {
    expect(isNavigationVisible({ hasSession: true, profileCompleted: true, screen: 'dashboard' })).toBe(true);
    expect(isNavigationVisible({ hasSession: false, profileCompleted: true, screen: 'dashboard' })).toBe(false);
    expect(isNavigationVisible({ hasSession: true, profileCompleted: false, screen: 'dashboard' })).toBe(false);
    for (const screenName of ['loading', 'login', 'forgot-password', 'profile-setup'] as const) {
      expect(isNavigationVisible({ hasSession: true, profileCompleted: true, screen: screenName })).toBe(false);
    }
  });

  it('caps badges at 9+ and hides them at 0', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-1)).toBeNull();
    expect(formatBadgeCount(3)).toBe('3');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(250)).toBe('9+');
  });

  it('maps URLs to the spec screens', () => {
    expect(screenForPath('/app')).toBe('dashboard');
    expect(screenForPath('/app/lesson/42')).toBe('lesson');
    expect(screenForPath('/app/learn')).toBe('lesson');
    expect(screenForPath('/app/practice')).toBe('lesson');
    expect(screenForPath('/app/languages')).toBe('language-selection');
    expect(screenForPath('/forgot-password')).toBe('forgot-password');
    expect(screenForPath('/setup')).toBe('profile-setup');
    expect(screenForPath('/app/friends')).toBe('friends');
    expect(screenForPath('/app/messages')).toBe('friends');
    expect(screenForPath('/app/messages/6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f')).toBe('friends');
    expect(screenForPath('/app/messagesx')).toBe('other');
  });
});

describe('BottomNavigation', () => {
  it('renders the five tabs with Learn current on language selection, and capped badges', async () => {
    await renderWithApp(<BottomNavigation {...base} pathname="/app/languages" streak={12} unreadCount={4} />);
    const nav = screen.getByRole('navigation', { name: 'App navigation' });
    const links = within(nav).getAllByRole('link');
    const names = ['Home, Streak: 12 days', 'Learn', 'Progress', 'Friends, Unread notifications: 4', 'Settings'];
    for (const [index, link] of links.entries()) expect(link).toHaveAccessibleName(names[index]);
    expect(within(nav).getByRole('link', { name: /^Learn/ })).toHaveAttribute('aria-current', 'page');
    // Learn opens the course map.
    expect(within(nav).getByRole('link', { name: /^Learn/ })).toHaveAttribute('href', '/app/learn');
    expect(screen.getByTestId('badge-dashboard')).toHaveTextContent('9+');
    expect(screen.getByTestId('badge-friends')).toHaveTextContent('4');
    expect(within(nav).getByRole('link', { name: /^Home/ })).toHaveAccessibleName('Home, Streak: 12 days');
  });

  it('shows no badge for a zero streak or no unread notifications', async () => {
    await renderWithApp(<BottomNavigation {...base} />);
    expect(screen.queryByTestId('badge-dashboard')).not.toBeInTheDocument();
    expect(screen.queryByTestId('badge-friends')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('renders nothing without a session, with an unfinished profile, or while loading', async () => {
    await renderWithApp(
      <>
        <BottomNavigation {...base} hasSession={false} />
        <BottomNavigation {...base} profileCompleted={false} />
        <BottomNavigation {...base} isLoading />
        <DesktopNavigation {...base} pathname="/login" />
      </>,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('keeps Friends current in a conversation', async () => {
    await renderWithApp(<BottomNavigation {...base} pathname="/app/messages/6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f" />);
    const nav = screen.getByRole('navigation', { name: 'App navigation' });
    expect(within(nav).getByRole('link', { name: /^Friends/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: /^Home/ })).not.toHaveAttribute('aria-current');
  });

  it('has a matching desktop navigation', async () => {
    await renderWithApp(<DesktopNavigation {...base} pathname="/app/friends" unreadCount={15} />);
    const nav = screen.getByRole('navigation', { name: 'App navigation' });
    expect(within(nav).getByRole('link', { name: /^Friends/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('badge-friends')).toHaveTextContent('9+');
  });
});
