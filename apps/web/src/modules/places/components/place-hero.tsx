import { Trans } from '@lingui/react/macro';
import type { Place } from '@tripcrew/contracts/places';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { imageCredit } from './image-credit.ts';

const HERO_FALLBACK = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 500"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#ea580c"/></linearGradient></defs><rect width="1200" height="500" fill="url(#g)"/></svg>',
)}`;

/**
 * SPEC §2 place hero: image, title, country (unless equal to the title), short text and credits.
 * Generated art is labelled 'Illustration'; a photo credits its photographer and image id.
 */
export function PlaceHero({ place }: { place: Place }) {
  const credit = imageCredit(place.image);
  return (
    <section
      aria-labelledby="place-title"
      data-testid="place-hero"
      className="relative isolate overflow-hidden rounded-[2rem] bg-slate-900 text-white shadow-xl"
    >
      <FallbackImage
        src={place.image.original || HERO_FALLBACK}
        fallback={HERO_FALLBACK}
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950/90 via-slate-950/45 to-slate-950/10" />
      <div className="flex min-h-72 min-w-0 flex-col justify-end gap-2 p-5 sm:min-h-96 sm:p-10">
        {place.country !== place.title && (
          <p
            data-testid="place-country"
            className="text-sm font-semibold tracking-widest break-words text-white/85 uppercase"
          >
            {place.country}
          </p>
        )}
        <h1
          id="place-title"
          className="text-4xl font-extrabold tracking-tight [overflow-wrap:anywhere] hyphens-auto sm:text-6xl"
        >
          {place.title}
        </h1>
        {place.short && <p className="max-w-2xl break-words text-white/90">{place.short}</p>}
        <p data-testid="place-credit" className="mt-2 text-xs break-words text-white/75">
          {credit.kind === 'illustration' ? (
            <span>
              <Trans>Illustration</Trans>
            </span>
          ) : (
            <>
              <PhotoCredit photographer={credit.photographer} id={credit.id} />
              {credit.unsplash && (
                <span>
                  {' '}
                  <Trans>· Image from Unsplash</Trans>
                </span>
              )}
            </>
          )}
        </p>
      </div>
    </section>
  );
}

function PhotoCredit({ photographer, id }: { photographer: string; id: string }) {
  return (
    <Trans>
      Photo: {photographer} · {id}
    </Trans>
  );
}
