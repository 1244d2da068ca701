import { INTERFACE_LANGUAGE_CODES } from '@parla/shared/languages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LandingPage } from './landing-page';

// What the copy says about a lesson and the courses must be true of this server: the lesson
// generator makes 9 exercises (3 choice, 2 fill-in, 2 word order, 1 listening, 1 speaking) and the
// content bank teaches 12 languages.
const LESSON_COPY = [
  'landing.how.learn.text',
  'landing.pricing.free.feature1',
  'landing.faq.q1.answer',
  'landing.faq.q4.answer',
  'legal.terms.plans.list1.item1',
];
const LOCALES = import.meta.glob<Record<string, string>>('../../../locales/*.json', { eager: true, import: 'default' });
const locale = (code: string) => LOCALES[`../../../locales/${code}.json`] ?? {};

describe('landing figures', () => {
  it('counts the languages this server teaches (12), with no "50+"', async () => {
    const { container } = await renderWithApp(<LandingPage />);
    const label = await screen.findByText('Languages', { selector: 'dt' }, { timeout: 5_000 });
    expect(label.parentElement?.querySelector('dd')).toHaveTextContent(/^12$/);
    expect(container.textContent).not.toMatch(/50\+/);
    expect(screen.getByText('Each session is 9 quick exercises: read, listen, write and speak.')).toBeInTheDocument();
  });

  it.each(INTERFACE_LANGUAGE_CODES)('says a session has 9 exercises, never 10, in %s', (code) => {
    const strings = locale(code);
    for (const key of LESSON_COPY) {
      expect(strings[key], key).toMatch(/(^|\D)9(\D|$)/);
      expect(strings[key], key).not.toMatch(/(^|\D)10(\D|$)/);
    }
  });
});
