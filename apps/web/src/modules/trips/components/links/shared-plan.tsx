import { Trans, useLingui } from '@lingui/react/macro';
import type { SharedTrip } from '@tripcrew/contracts/trip-links';
import { formatLongDate } from '../../../../lib/format/date-words.ts';

const SECTION = 'flex flex-col gap-3';
const H2 = 'text-lg font-bold';

/** The day plan, read-only: each day with its items in order (time first when set). */
export function SharedDays({ days }: { days: SharedTrip['days'] }) {
  const planned = days.filter((day) => day.items.length > 0);
  return (
    <section aria-labelledby="shared-plan-title" className={SECTION}>
      <h2 id="shared-plan-title" className={H2}>
        <Trans>Day plan</Trans>
      </h2>
      {planned.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          <Trans>Nothing planned yet.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {planned.map((day) => (
            <li
              key={day.date}
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
            >
              <h3 className="font-semibold">{formatLongDate(day.date)}</h3>
              <ul className="mt-2 flex flex-col gap-1">
                {day.items.map((item) => (
                  <li key={item._id} className="flex gap-3 text-slate-700 dark:text-slate-200">
                    <span className="w-12 shrink-0 font-mono text-sm text-slate-500 dark:text-slate-400">
                      {item.time ?? ''}
                    </span>
                    <span className={item.kind === 'note' ? 'italic' : undefined}>{item.title}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The trip's features, read-only: picture, title and address. */
export function SharedFeatures({ features }: { features: SharedTrip['features'] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="shared-features-title" className={SECTION}>
      <h2 id="shared-features-title" className={H2}>
        <Trans>Places to see</Trans>
      </h2>
      {features.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          <Trans>No places picked yet.</Trans>
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li
              key={feature._id}
              className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
            >
              {feature.image.original && (
                <img
                  src={feature.image.original}
                  alt=""
                  loading="lazy"
                  className="size-16 shrink-0 rounded-xl object-cover"
                />
              )}
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold">{feature.title || t`no title`}</span>
                <span className="truncate text-sm text-slate-600 dark:text-slate-300">{feature.address}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
