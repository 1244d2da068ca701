import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { PricingSection } from './pricing-section';

describe('pricing', () => {
  it('switches only the Premium price between 5 € a month and 50 € a year', async () => {
    await renderWithApp(<PricingSection />);
    const price = screen.getByTestId('premium-price');
    expect(price).toHaveTextContent('€5');
    expect(screen.getByText('per month')).toBeInTheDocument();
    expect(screen.getByText('save 17%')).toBeInTheDocument();
    expect(screen.getByText('1 lesson session a day (9 exercises)')).toBeInTheDocument();
    expect(screen.getByText('One language')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(price).toHaveTextContent('€50');
    expect(screen.getByText('per year')).toBeInTheDocument();
    expect(screen.getByText('€0')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(price).toHaveTextContent('€5');
  });

  it('sends every plan button to sign-up', async () => {
    await renderWithApp(<PricingSection />);
    expect(screen.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Start Premium' })).toHaveAttribute('href', '/signup');
  });
});
