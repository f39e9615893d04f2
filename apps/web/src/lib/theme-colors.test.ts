import { afterEach, describe, expect, it } from 'vitest';
import { applyThemeColor, THEME_COLORS } from './theme-colors.ts';

function metaTags() {
  document.head.innerHTML = `
    <meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLORS.light}" />
    <meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLORS.dark}" />`;
  const [light, dark] = document.head.querySelectorAll('meta[name="theme-color"]');
  const content = (meta: Element | undefined) => () => meta?.getAttribute('content');
  return { light: content(light), dark: content(dark), darkMedia: () => dark?.getAttribute('media') };
}

describe('the theme colour follows the theme the app shows', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('a chosen theme colours the browser whatever the system prefers; system gives each tag its own', () => {
    const tags = metaTags();
    applyThemeColor('dark');
    expect([tags.light(), tags.dark()]).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    applyThemeColor('light');
    expect([tags.light(), tags.dark()]).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
    applyThemeColor('system');
    expect([tags.light(), tags.dark()]).toEqual([THEME_COLORS.light, THEME_COLORS.dark]);
    // The media queries stay: the browser still picks by the system's preference.
    expect(tags.darkMedia()).toBe('(prefers-color-scheme: dark)');
  });
});
