import { describe, expect, it } from 'vitest';
import { acceptCookies, cookieSlice, declineCookies } from './cookie-slice.ts';

const reducer = cookieSlice.reducer;

describe('cookie consent slice', () => {
  it('[STATE-08] isCookieAccepted starts false and becomes true on Accept', () => {
    const initial = reducer(undefined, { type: '@@init' });
    expect(initial).toEqual({ isCookieAccepted: false });
    expect(reducer(initial, acceptCookies())).toEqual({ isCookieAccepted: true });
  });

  it('[STATE-08] declining sets it back to false', () => {
    expect(reducer({ isCookieAccepted: true }, declineCookies())).toEqual({ isCookieAccepted: false });
  });
});
