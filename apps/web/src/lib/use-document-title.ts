import { useEffect } from 'react';

export const APP_NAME = 'Tripcrew';

/** 'Lisbon · Tripcrew'; just 'Tripcrew' without a page name. */
export function documentTitle(page: string | null | undefined): string {
  const name = page?.trim();
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/**
 * Sets the tab title of the current page ('Lisbon · Tripcrew'). A page whose name is still
 * loading passes null and keeps the app name until it is known.
 */
export function useDocumentTitle(page: string | null | undefined): void {
  const title = documentTitle(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
