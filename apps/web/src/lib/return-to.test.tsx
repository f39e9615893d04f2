import { afterEach, describe, expect, it } from 'vitest';
import {
  peekStashedReturnTo,
  returnToFrom,
  safeReturnTo,
  signInReasonText,
  signInState,
  stashReturnTo,
  takeStashedReturnTo,
  withReturnTo,
} from './return-to.ts';

afterEach(() => sessionStorage.clear());

describe('returnTo (same-origin only)', () => {
  it.each([
    [
      '/place/portugal/city/lisbon?place=p1&start=2026-12-01',
      '/place/portugal/city/lisbon?place=p1&start=2026-12-01',
    ],
    ['/trips/42#plan', '/trips/42#plan'],
  ])('keeps the app path %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    'place/lisbon',
    '/auth',
    '/auth/register?returnTo=/x',
    '/ok\nSet-Cookie: x',
    '',
    null,
    42,
  ])('refuses %s', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('reads ?returnTo= first, then the router state', () => {
    expect(returnToFrom(new URLSearchParams('returnTo=%2Ftrips'), { from: '/crew' })).toBe('/trips');
    expect(returnToFrom(new URLSearchParams(''), { from: '/crew' })).toBe('/crew');
    expect(returnToFrom(new URLSearchParams('returnTo=https://x.example'), undefined)).toBeNull();
  });

  it('builds account links with the way back and the reason', () => {
    expect(withReturnTo('/auth', '/place/x?place=1', 'trip-create')).toBe(
      '/auth?returnTo=%2Fplace%2Fx%3Fplace%3D1&reason=trip-create',
    );
    expect(withReturnTo('/auth/confirm?email=a%40b.c', '/trips')).toBe(
      '/auth/confirm?email=a%40b.c&returnTo=%2Ftrips',
    );
    expect(withReturnTo('/auth', 'https://evil.example')).toBe('/auth');
    expect(signInReasonText(new URLSearchParams('reason=trip-create'))).toBe(
      'Sign in to create your trip — your picks are kept.',
    );
    expect(signInReasonText(new URLSearchParams('reason=toString'))).toBeNull();
  });

  it('keeps the way back across a social sign-in or a registration, once', () => {
    stashReturnTo('/place/x?place=1');
    expect(peekStashedReturnTo()).toBe('/place/x?place=1');
    expect(takeStashedReturnTo()).toBe('/place/x?place=1');
    expect(takeStashedReturnTo()).toBeNull();
  });
});

describe('protected pages keep /auth plain', () => {
  it('carry the way back and the reason in the router state', () => {
    const state = signInState('/wishlist');
    expect(returnToFrom(new URLSearchParams(''), state)).toBe('/wishlist');
    expect(signInReasonText(new URLSearchParams(''), state)).toBe(
      'Sign in to open this page — you will come straight back to it.',
    );
  });
});
