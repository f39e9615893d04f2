import type { TripImage } from '@tripcrew/contracts/trips';

/** Inline default cover (img-src allows data:) for a trip without a usable image. */
export const TRIP_FALLBACK_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 940 650"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs><rect width="940" height="650" fill="url(#g)"/><circle cx="720" cy="170" r="80" fill="#fef3c7" opacity=".85"/><path d="M0 520 L260 300 L450 470 L600 360 L940 540 L940 650 L0 650Z" fill="#042f2e" opacity=".6"/></svg>',
)}`;

/** SPEC §9: trip covers are requested compressed at about 940x650. */
export const TRIP_COVER_SIZE = '940x650';

export function compressedCover(url: string, size = TRIP_COVER_SIZE): string {
  if (url.startsWith('data:')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}compress=${size}`;
}

/** The cover URL of a trip card: landscape (else original) at ~940x650; the default when missing. */
export function tripCoverUrl(image: Partial<TripImage> | null | undefined): string {
  const url = image?.landscape?.trim() || image?.original?.trim() || '';
  return url === '' ? TRIP_FALLBACK_IMAGE : compressedCover(url);
}

/** The hero image of the trip detail: the original (full size); the default when missing. */
export function tripHeroUrl(image: Partial<TripImage> | null | undefined): string {
  const url = image?.original?.trim() || image?.landscape?.trim() || '';
  return url === '' ? TRIP_FALLBACK_IMAGE : url;
}
