import { useLingui } from '@lingui/react/macro';
import type { Feature } from '@tripcrew/contracts/features';
import clsx from 'clsx';
import { Clock, Hourglass, Ticket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { checkedWords, hoursLine, priceWords, visitWords } from './feature-hours-words.ts';

/** How often the hours line is read again: it says "closes 18:00" until it is 18:00. */
const REFRESH_MS = 60_000;

/** The time now, read again every minute while shown. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * A feature's facts on its card (its own chunk, with the opening-hours library): whether it is
 * open now in the place's own time ("Open · closes 18:00", "Closed on Mondays"), when its hours
 * were checked, a typical visit and its price.
 */
export function FeatureFactsLine({ feature }: { feature: Feature }) {
  const { t } = useLingui();
  const now = useMinuteClock();
  const facts = feature.facts;
  if (!facts) return null;
  const line = hoursLine(facts.hours, feature.timeZone, now);
  const checked = line ? checkedWords(facts.hoursChecked) : null;
  const visit = facts.durationMinutes === null ? null : visitWords(facts.durationMinutes);
  const price = facts.priceLevel === null ? null : priceWords(facts.priceLevel);
  if (!line && !visit && !price) return null;
  return (
    <div data-testid="feature-facts" className="flex flex-col gap-1 text-xs">
      {line && (
        <p
          data-testid="feature-hours"
          data-tone={line.tone}
          title={checked ?? undefined}
          className={clsx(
            'flex items-center gap-1 font-semibold',
            line.tone === 'open'
              ? 'text-emerald-700 dark:text-emerald-400'
              : 'text-slate-700 dark:text-slate-200',
          )}
        >
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          {line.text}
        </p>
      )}
      {(visit || price) && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 dark:text-slate-300">
          {visit && (
            <span data-testid="feature-visit" className="inline-flex items-center gap-1">
              <Hourglass aria-hidden="true" className="size-3.5 shrink-0" />
              {visit}
            </span>
          )}
          {price && (
            <span data-testid="feature-price" className="inline-flex items-center gap-1">
              <Ticket aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">{t`Price:`} </span>
              {price}
            </span>
          )}
        </p>
      )}
      {checked && (
        <p data-testid="feature-hours-checked" className="text-slate-500 dark:text-slate-400">
          {checked}
        </p>
      )}
    </div>
  );
}
