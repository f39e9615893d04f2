/** Inline fallback artwork (img-src allows data:) for a feature without a usable image. */
export const FEATURE_FALLBACK_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 540 540"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#115e59"/><stop offset="1" stop-color="#fb923c"/></linearGradient></defs><rect width="540" height="540" fill="url(#g)"/><circle cx="400" cy="130" r="60" fill="#fef3c7" opacity=".8"/><path d="M0 430 L170 260 L300 380 L400 300 L540 420 L540 540 L0 540Z" fill="#042f2e" opacity=".6"/></svg>',
)}`;

/** Image URL with the compress parameter (SPEC §9: feature cards at about 540x540). */
export function compressed(url: string, size = '540x540'): string {
  if (url.startsWith('data:')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}compress=${size}`;
}
