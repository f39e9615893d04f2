/**
 * Asks for an image the page is about to show, before the page has rendered it: a
 * `<link rel="preload" as="image" fetchpriority="high">` in the head (once per URL). The `<img>`
 * that shows it later (same URL, no crossorigin) takes the preloaded answer from the memory cache.
 */
export function preloadImage(href: string, doc: Document = document): void {
  if (!href || href.startsWith('data:')) return;
  const links = doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]');
  for (const existing of links) if (existing.getAttribute('href') === href) return;
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.setAttribute('href', href);
  doc.head.append(link);
}
