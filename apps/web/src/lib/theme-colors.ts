/**
 * The browser's UI colour (address bar, task switcher, installed app's title bar) in each theme:
 * the header's background (app/layout/header.tsx: white, dark slate-950). index.html's
 * <meta name="theme-color"> tags and the web app manifest (build/web-manifest.ts) use these values.
 */
export const THEME_COLORS = { light: '#ffffff', dark: '#020617' } as const;

/**
 * Points index.html's theme-color tags at the theme the app shows: with 'system' each tag keeps
 * the colour of its own prefers-color-scheme; with a chosen theme both carry that theme's colour,
 * whatever the operating system prefers.
 */
export function applyThemeColor(thema: 'light' | 'dark' | 'system', doc: Document = document): void {
  for (const meta of doc.querySelectorAll('meta[name="theme-color"]')) {
    const scheme = meta.getAttribute('media')?.includes('dark') ? 'dark' : 'light';
    meta.setAttribute('content', THEME_COLORS[thema === 'system' ? scheme : thema]);
  }
}
