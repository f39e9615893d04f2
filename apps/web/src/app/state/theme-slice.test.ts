import { describe, expect, it } from 'vitest';
import { nextThema, setThema, themeSlice } from './theme-slice.ts';

const reducer = themeSlice.reducer;

describe('theme slice', () => {
  it('[STATE-03] has the field thema, defaulting to system', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual({ thema: 'system' });
  });

  it('[STATE-03] can be set to dark, light or system at any time', () => {
    let state = reducer(undefined, setThema('dark'));
    expect(state.thema).toBe('dark');
    state = reducer(state, setThema('light'));
    expect(state.thema).toBe('light');
    state = reducer(state, setThema('system'));
    expect(state.thema).toBe('system');
  });

  it('the footer toggle cycles system → light → dark → system', () => {
    expect(nextThema('system')).toBe('light');
    expect(nextThema('light')).toBe('dark');
    expect(nextThema('dark')).toBe('system');
  });
});
