import { type ImgHTMLAttributes, useState } from 'react';

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string;
  /** Shown instead once `src` failed to load (e.g. an inline data: artwork). */
  fallback: string;
}

/**
 * An image that shows `fallback` once its source failed to load; decorative (alt "") unless an
 * alt is given. Remount it (a new `key`) to try the source again.
 */
export function FallbackImage({ src, fallback, alt = '', ...imageProps }: FallbackImageProps) {
  const [failed, setFailed] = useState(false);
  return <img {...imageProps} src={failed ? fallback : src} alt={alt} onError={() => setFailed(true)} />;
}
