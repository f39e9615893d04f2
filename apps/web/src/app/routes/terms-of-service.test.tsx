import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/shell-test-utils.tsx';
import { TermsOfServicePage } from './terms-of-service.tsx';

describe('TermsOfServicePage', () => {
  it('[SHELL-04] shows static legal text with the effective date 10.03.2025, minimum age 18 and a contact address', () => {
    renderAt(<TermsOfServicePage />, { path: '/terms-of-service' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Effective date: 10.03.2025');
    expect(text).toMatch(/at least 18 years old/);
    const contact = screen.getAllByRole('link', { name: 'legal@tripcrew.app' });
    expect(contact[0]?.getAttribute('href')).toBe('mailto:legal@tripcrew.app');
    // A real legal text, in numbered sections.
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(10);
    expect(text.length).toBeGreaterThan(4000);
  });
});
