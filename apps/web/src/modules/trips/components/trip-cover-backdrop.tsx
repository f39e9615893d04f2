import clsx from 'clsx';
import type { ImgHTMLAttributes } from 'react';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { TRIP_FALLBACK_IMAGE } from './trip-image.ts';

interface TripCoverBackdropProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string;
  /** The dark gradient over the image (Tailwind from-/via-/to- classes). */
  shade: string;
}

/**
 * A trip's cover filling its (relative) parent under a dark gradient, the default cover when it
 * fails to load: the backdrop of the upcoming-trip card and of the trip header's hero.
 */
export function TripCoverBackdrop({ src, shade, className, ...imageProps }: TripCoverBackdropProps) {
  return (
    <>
      <FallbackImage
        {...imageProps}
        src={src}
        fallback={TRIP_FALLBACK_IMAGE}
        className={clsx('absolute inset-0 size-full object-cover', className)}
      />
      <div aria-hidden="true" className={clsx('absolute inset-0 bg-gradient-to-t', shade)} />
    </>
  );
}
