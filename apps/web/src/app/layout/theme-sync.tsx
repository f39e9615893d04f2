import { useEffect, useSyncExternalStore } from 'react';
import { applyThemeColor } from '../../lib/theme-colors.ts';
import { useAppSelector } from '../store/store.ts';
import type { Thema } from '../state/theme-slice.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const THEME_CLASSES: readonly string[] = ['light', 'dark', 'system'];

function darkMedia(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

function subscribeSystemDark(onChange: () => void) {
  const media = darkMedia();
  if (!media) return () => {};
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the operating system currently prefers a dark colour scheme (live). */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeSystemDark,
    () => darkMedia()?.matches ?? false,
    () => false,
  );
}

/** The theme actually shown: 'system' resolved through prefers-color-scheme. */
export function useResolvedTheme(): 'light' | 'dark' {
  const thema = useAppSelector((state) => state.theme.thema);
  const systemDark = useSystemPrefersDark();
  return thema === 'dark' || (thema === 'system' && systemDark) ? 'dark' : 'light';
}

/** Applies the theme to document.body: the chosen class, plus 'dark' when system resolves to dark. */
export function applyBodyTheme(thema: Thema, systemDark: boolean) {
  const body = document.body;
  for (const name of THEME_CLASSES) body.classList.remove(name);
  body.classList.add(thema);
  if (thema === 'dark' || (thema === 'system' && systemDark)) body.classList.add('dark');
}

/**
 * Keeps document.body's theme classes in sync with the store and the OS preference, and the
 * browser's theme colour with the theme shown.
 */
export function ThemeSync() {
  const thema = useAppSelector((state) => state.theme.thema);
  const systemDark = useSystemPrefersDark();
  useEffect(() => {
    applyBodyTheme(thema, systemDark);
    applyThemeColor(thema);
  }, [thema, systemDark]);
  return null;
}
