import { describe, expect, it } from 'vitest';
import { formatMailTime, mailCodes, splitMailText } from './outbox-mail-card.tsx';

describe('outbox mail text', () => {
  it('finds codes (12345678 and 1234-5678) and links', () => {
    const text = 'Code: 12345678.\nReset: 1234-5678\nOpen http://localhost/auth/activate?token=x1 now';
    expect(mailCodes(text)).toEqual(['12345678', '1234-5678']);
    expect(splitMailText(text).filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', value: 'http://localhost/auth/activate?token=x1' },
    ]);
    expect(
      splitMailText(text)
        .map((p) => p.value)
        .join(''),
    ).toBe(text);
  });

  it('does not take longer digit runs or digits inside a link for a code', () => {
    expect(mailCodes('order 1234567890 at http://x.test/12345678')).toEqual([]);
  });

  it('formats the time as dd.mm.yyyy hh:mm:ss', () => {
    expect(formatMailTime(new Date(2025, 2, 10, 9, 8, 7).toISOString())).toBe('10.03.2025 09:08:07');
  });
});
