import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { LOADING_TRANSLATIONS_TEXT } from '@/components/ui/loading-screen';
import { useI18n } from '@/lib/i18n/language-context';

const COUNTS = [1, 2, 5, 11, 21];

/** What a learner reads for each of COUNTS: the languages whose nouns change most with a number. */
const EXPECTED: Record<string, { retry: string[]; streak: string[] }> = {
  ru: {
    retry: ['1 секунду', '2 секунды', '5 секунд', '11 секунд', '21 секунду'].map((n) => `Попробуйте ещё раз через ${n}.`),
    streak: ['1 день подряд', '2 дня подряд', '5 дней подряд', '11 дней подряд', '21 день подряд'],
  },
  uk: {
    retry: ['1 секунду', '2 секунди', '5 секунд', '11 секунд', '21 секунду'].map((n) => `Спробуйте ще раз через ${n}.`),
    streak: ['1 день поспіль', '2 дні поспіль', '5 днів поспіль', '11 днів поспіль', '21 день поспіль'],
  },
  pl: {
    retry: ['1 sekundę', '2 sekundy', '5 sekund', '11 sekund', '21 sekund'].map((n) => `Spróbuj ponownie za ${n}.`),
    streak: ['1 dzień', '2 dni', '5 dni', '11 dni', '21 dni'].map((n) => `Seria: ${n}`),
  },
  ar: {
    retry: ['بعد ثانية واحدة', 'بعد ثانيتين', 'بعد 5 ثوانٍ', 'بعد 11 ثانية', 'بعد 21 ثانية'].map(
      (n) => `يُرجى المحاولة مرة أخرى ${n}.`,
    ),
    streak: ['يوم واحد', 'يومان', '5 أيام', '11 يومًا', '21 يومًا'].map((n) => `سلسلة الأيام المتتالية: ${n}`),
  },
};

function Counts() {
  const { t } = useI18n();
  return (
    <>
      <ul aria-label="retry">
        {COUNTS.map((seconds) => (
          <li key={seconds}>{t('forms.error.retryAfter', { seconds })}</li>
        ))}
      </ul>
      <ul aria-label="streak">
        {COUNTS.map((value) => (
          <li key={value}>{t('nav.streakBadge', { value })}</li>
        ))}
      </ul>
    </>
  );
}

const shown = (list: string) =>
  Array.from(screen.getByRole('list', { name: list }).querySelectorAll('li'), (item) => item.textContent);

describe('counts in the interface', () => {
  it.each(Object.entries(EXPECTED))('take the CLDR plural form of 1, 2, 5, 11 and 21 in %s', async (code, expected) => {
    render(
      <AppProviders profileLanguage={code}>
        <Counts />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.queryByText(LOADING_TRANSLATIONS_TEXT)).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(document.documentElement.lang).toBe(code);
    expect(shown('retry')).toEqual(expected.retry);
    expect(shown('streak')).toEqual(expected.streak);
  });

  it('and in English, which has one and other', async () => {
    render(
      <AppProviders>
        <Counts />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.queryByText(LOADING_TRANSLATIONS_TEXT)).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(shown('streak')).toEqual(['Streak: 1 day', 'Streak: 2 days', 'Streak: 5 days', 'Streak: 11 days', 'Streak: 21 days']);
  });
});
