import { msg, plural, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueKey, i18n, interpolate } from './i18n.ts';
import { pickLocale } from './locales.ts';

afterEach(() => i18n.activate('en', 'en-GB'));

function Trips({ count }: { count: number }) {
  const { t: tr } = useLingui();
  return (
    <p title={tr`Your trips`}>
      <Plural value={count} one="# trip planned" other="# trips planned" />
    </p>
  );
}

describe('messages', () => {
  it('writes the English message compiled at build time, with its values', () => {
    const name = 'Ana';
    expect(t`Hello ${name}`).toBe('Hello Ana');
    expect(i18n._(msg`Sign in`)).toBe('Sign in');
  });

  it('ICU plurals: one and other in English, exact matches first, # as a number of the locale', () => {
    const days = (count: number) => plural(count, { 0: 'today', one: 'in # day', other: 'in # days' });
    expect([0, 1, 2, 1500].map(days)).toEqual(['today', 'in 1 day', 'in 2 days', 'in 1,500 days']);
    render(<Trips count={1} />);
    expect(screen.getByText('1 trip planned').getAttribute('title')).toBe('Your trips');
  });

  it('<Trans> puts elements and values into the sentence', () => {
    const count = 3;
    render(
      <p data-testid="line">
        <Trans>
          Read the <a href="/terms">terms</a> for <strong>{count}</strong> people
        </Trans>
      </p>,
    );
    const line = screen.getByTestId('line');
    expect(line.textContent).toBe('Read the terms for 3 people');
    expect(line.querySelector('a')?.textContent).toBe('terms');
    expect(line.querySelector('strong')?.textContent).toBe('3');
  });

  it('an active catalogue wins over the English message, and follows its own plural rules', () => {
    const signIn = msg`Sign in`;
    // English call sites carry no id: a catalogue is keyed by the compiled English message.
    expect(signIn.id).toBeUndefined();
    i18n.activate('de', 'de-DE', {
      [catalogueKey(signIn.message!)]: ['Anmelden'],
    });
    expect(i18n._(signIn)).toBe('Anmelden');
    expect(i18n._(msg`Sign out`)).toBe('Sign out');
    const items = [['n', 'plural', { one: ['#', ' Reise'], other: ['#', ' Reisen'] }]] as const;
    expect(interpolate(items as never, { n: 1234 })).toBe('1.234 Reisen');
    // Russian has four plural categories.
    i18n.activate('ru', 'ru-RU');
    const ru = [
      ['n', 'plural', { one: ['#', ' день'], few: ['#', ' дня'], many: ['#', ' дней'], other: ['#'] }],
    ];
    expect([1, 3, 5, 21].map((n) => interpolate(ru as never, { n }))).toEqual([
      '1 день',
      '3 дня',
      '5 дней',
      '21 день',
    ]);
  });

  it('picks the first supported language the browser prefers, else English', () => {
    expect(pickLocale(['de-AT', 'en-US'], ['en', 'de'])).toBe('de');
    expect(pickLocale(['fr-FR'], ['en', 'de'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});
