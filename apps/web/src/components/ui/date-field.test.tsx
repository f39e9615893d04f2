import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField, parseTypedDate } from './date-field.tsx';

function Harness({ initial = '', format }: { initial?: string; format?: 'dot' | 'slash' }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label>
        start
        <DateField value={value} onChange={setValue} format={format} />
      </label>
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2027-01-31')}>
        pick
      </button>
    </>
  );
}

describe('DateField', () => {
  it('[DATES-01] reads a day written day first or as yyyy-mm-dd, and refuses days that do not exist', () => {
    expect(parseTypedDate('30.11.2026')).toBe('2026-11-30');
    expect(parseTypedDate('3/2/2027')).toBe('2027-02-03');
    expect(parseTypedDate(' 2026-11-30 ')).toBe('2026-11-30');
    expect(parseTypedDate('31.02.2027')).toBeNull();
    expect(parseTypedDate('11/30/2026')).toBeNull();
    expect(parseTypedDate('tomorrow')).toBeNull();
  });

  it('[DATES-01] shows the day in the app format whatever the browser locale, and hands yyyy-mm-dd to its owner', () => {
    render(<Harness initial="2026-11-30" />);
    const input = screen.getByLabelText('start') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('30.11.2026');
    expect(input.placeholder).toBe('dd.mm.yyyy');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2.12.2026' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-12-02');
    fireEvent.blur(input);
    expect(input.value).toBe('02.12.2026');
    fireEvent.click(screen.getByRole('button', { name: 'pick' }));
    expect(input.value).toBe('31.01.2027');
  });

  it('[DATES-01] a day that is not one is named on leaving the field, and the last good day is kept', () => {
    render(<Harness initial="2026-11-30" format="slash" />);
    const input = screen.getByLabelText('start') as HTMLInputElement;
    expect(input.value).toBe('30/11/2026');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '31/02/2027' } });
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Write the day as dd/mm/yyyy')).toBeTruthy();
    expect(screen.getByTestId('value').textContent).toBe('2026-11-30');
  });
});
