/** Inline fallback artwork (img-src allows data:) for a suggestion without a usable image. */
export const SUGGESTION_FALLBACK_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 260"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="400" height="260" fill="url(#g)"/><circle cx="310" cy="70" r="34" fill="#fde68a" opacity=".85"/><path d="M0 210 L110 120 L190 190 L260 140 L400 230 L400 260 L0 260Z" fill="#134e4a" opacity=".75"/></svg>',
)}`;
