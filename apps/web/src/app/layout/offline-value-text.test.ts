import { describe, expect, it } from 'vitest';
import { offlineValueText } from './offline-value-text.ts';

describe('offlineValueText', () => {
  it('[BOOKINGS-OFFLINE-05] an offline change of a departure, a cost or travellers reads as the history writes them, never [object Object]', () => {
    expect(
      offlineValueText({ local: '2026-12-01T07:40', zone: 'Europe/Lisbon', place: { iata: 'LIS' } }),
    ).toBe('2026-12-01T07:40 Europe/Lisbon · LIS');
    expect(offlineValueText({ local: '2026-12-02T15:00', place: { name: 'Casa Ana' } })).toBe(
      '2026-12-02T15:00 · Casa Ana',
    );
    expect(offlineValueText({ amount: '412.30', currency: 'EUR' })).toBe('412.30 EUR');
    expect(offlineValueText(['u-1', 'u-2'])).toBe('u-1,u-2');
    expect(offlineValueText('Lisbon to Newark')).toBe('Lisbon to Newark');
    expect(offlineValueText(null)).toBe('');
    expect(offlineValueText({ other: 1 })).toBe('{"other":1}');
  });
});
