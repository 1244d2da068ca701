import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

const fill = (bar: HTMLElement) => (bar.firstElementChild as HTMLElement).style.width;

describe('ProgressBar', () => {
  it('tells assistive technology its name, range and value, and fills to match', () => {
    render(<ProgressBar label="Lesson progress" value={3} max={9} valueText="3 of 9" />);
    const bar = screen.getByRole('progressbar', { name: 'Lesson progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '9');
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 9');
    expect(fill(bar)).toBe(`${(3 / 9) * 100}%`);
  });

  it('never fills past its ends', () => {
    render(
      <>
        <ProgressBar label="Over" value={140} />
        <ProgressBar label="Under" value={-5} />
        <ProgressBar label="Nothing to do" value={0} max={0} />
      </>,
    );
    expect(fill(screen.getByRole('progressbar', { name: 'Over' }))).toBe('100%');
    expect(fill(screen.getByRole('progressbar', { name: 'Under' }))).toBe('0%');
    expect(fill(screen.getByRole('progressbar', { name: 'Nothing to do' }))).toBe('0%');
  });

  it('has no value while the wait has no known length', () => {
    render(<ProgressBar label="Preparing your lesson" valueText="Building the exercises…" />);
    const bar = screen.getByRole('progressbar', { name: 'Preparing your lesson' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuetext', 'Building the exercises…');
  });
});
