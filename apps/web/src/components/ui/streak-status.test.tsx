import type { Streak } from '@parla/shared/streak.schema';
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { LOADING_TRANSLATIONS_TEXT } from '@/components/ui/loading-screen';
import { renderWithApp } from '@/testing/render';
import { StreakStatus } from './streak-status';

const streak = (change: Partial<Streak> = {}): Streak => ({
  current: 9,
  longest: 12,
  freezes: 1,
  max_freezes: 2,
  frozen_days: 0,
  on_vacation: false,
  vacation: null,
  ...change,
});

const status = () => screen.getByTestId('streak-status');
/** Intl puts thin spaces around a range's dash. */
const THIN = '\u2009';

describe('StreakStatus', () => {
  // West of UTC, a date-only "2026-12-28" read as local midnight would show as 27 December.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Pacific/Honolulu';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('with no freezes says 0 of 2 and nothing else, with only decorative icons', async () => {
    await renderWithApp(<StreakStatus streak={streak({ freezes: 0 })} />);
    expect(status()).toHaveTextContent(/^Streak freezes: 0 of 2$/);
    expect(screen.queryByTestId('streak-frozen')).not.toBeInTheDocument();
    expect(screen.queryByTestId('streak-vacation')).not.toBeInTheDocument();
    const icons = status().querySelectorAll('svg');
    expect(icons).toHaveLength(2);
    for (const icon of icons) expect(icon.closest('[aria-hidden="true"]')).not.toBeNull();
    // Neither snowflake is coloured as held.
    expect(status().querySelectorAll('svg.text-sky-600')).toHaveLength(0);
  });

  it('shows one freeze of two, in words and one coloured snowflake', async () => {
    await renderWithApp(<StreakStatus streak={streak()} />);
    expect(screen.getByTestId('streak-freezes')).toHaveTextContent('Streak freezes: 1 of 2');
    expect(status().querySelectorAll('svg.text-sky-600')).toHaveLength(1);
  });

  it('says a freeze is covering the missed day, in the plural for two', async () => {
    const { unmount } = await renderWithApp(<StreakStatus streak={streak({ freezes: 0, frozen_days: 1 })} />);
    expect(screen.getByTestId('streak-frozen')).toHaveTextContent('A streak freeze is covering the day you missed.');
    unmount();
    await renderWithApp(<StreakStatus streak={streak({ freezes: 0, frozen_days: 2 })} />);
    expect(screen.getByTestId('streak-frozen')).toHaveTextContent('Streak freezes are covering the 2 days you missed.');
  });

  it('on vacation says until when the streak is paused, on the day (no UTC shift)', async () => {
    await renderWithApp(
      <StreakStatus streak={streak({ on_vacation: true, vacation: { start: '2026-12-20', until: '2026-12-28' } })} />,
    );
    expect(screen.getByTestId('streak-vacation')).toHaveTextContent('On vacation until December 28: your streak is paused.');
    expect(screen.getByTestId('streak-freezes')).toHaveTextContent('Streak freezes: 1 of 2');
  });

  it('shows a coming vacation as its dates', async () => {
    await renderWithApp(<StreakStatus streak={streak({ vacation: { start: '2026-12-20', until: '2026-12-28' } })} />);
    expect(screen.getByTestId('streak-vacation')).toHaveTextContent(`Vacation planned: December 20${THIN}–${THIN}28`, {
      normalizeWhitespace: false,
    });
  });

  it('in its compact form says the one thing that matters most today', async () => {
    const { unmount } = await renderWithApp(<StreakStatus compact streak={streak({ freezes: 2 })} />);
    expect(status()).toHaveTextContent(/^Streak freezes: 2 of 2$/);
    unmount();
    const second = await renderWithApp(<StreakStatus compact streak={streak({ freezes: 0, frozen_days: 1 })} />);
    expect(status()).toHaveTextContent(/^A streak freeze is covering the day you missed\.$/);
    second.unmount();
    await renderWithApp(
      <StreakStatus
        compact
        streak={streak({ frozen_days: 1, on_vacation: true, vacation: { start: '2026-12-27', until: '2027-01-02' } })}
      />,
    );
    expect(status()).toHaveTextContent(/^Paused until January 2$/);
  });

  it('speaks Arabic with its plural forms and dates, right to left', async () => {
    render(
      <AppProviders profileLanguage="ar" initialStringGroups={['app']}>
        <StreakStatus
          streak={streak({ frozen_days: 2, on_vacation: true, vacation: { start: '2026-12-20', until: '2026-12-28' } })}
        />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.queryByText(LOADING_TRANSLATIONS_TEXT)).not.toBeInTheDocument(), { timeout: 5_000 });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.getByTestId('streak-freezes')).toHaveTextContent('تجميدات السلسلة: 1 من 2');
    expect(screen.getByTestId('streak-frozen')).toHaveTextContent('تغطي تجميدات السلسلة اليومين اللذين فاتاك.');
    expect(screen.getByTestId('streak-vacation')).toHaveTextContent('في عطلة حتى 28 ديسمبر: سلسلتك متوقفة مؤقتًا.');
  });
});
