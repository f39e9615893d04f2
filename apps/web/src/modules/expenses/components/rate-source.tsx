import { t } from '@lingui/core/macro';
import clsx from 'clsx';
import type { rateSchema } from '@tripcrew/contracts/expenses';
import type { z } from 'zod';
import { formatLongDate } from '../../../lib/format/date-words.ts';
import { rateHint } from '../money-format.ts';

type SuggestedRate = z.infer<typeof rateSchema>;

/**
 * Where a proposed rate comes from, in words (issue 35): the trip's last one in that currency, the
 * daily reference feed, or the app's own reference rates of one day (no feed configured), to check.
 */
export function rateSourceText(suggested: Pick<SuggestedRate, 'source' | 'asOf'>): string | null {
  const day = suggested.asOf ? formatLongDate(suggested.asOf) : '';
  switch (suggested.source) {
    case 'trip':
      return day ? t`Last rate used in this trip (${day})` : t`Last rate used in this trip`;
    case 'table':
      return day ? t`Reference rate of ${day}` : t`Reference rate`;
    case 'bundled':
      return day ? t`Reference rate of ${day}, check it` : t`Reference rate, check it`;
    default:
      return null;
  }
}

/** The hint under the rate: "1 JPY = 0.0062 EUR", after where a proposed rate comes from. */
export function RateHint({
  currency,
  rate,
  baseCurrency,
  suggested,
}: {
  currency: string;
  rate: string;
  baseCurrency: string;
  /** The proposed rate when it stands (not typed over). */
  suggested: Pick<SuggestedRate, 'source' | 'asOf'> | null;
}) {
  const source = suggested ? rateSourceText(suggested) : null;
  return (
    <>
      {source && (
        <span
          className={clsx(
            'block',
            suggested?.source === 'bundled' && 'font-medium text-amber-800 dark:text-amber-200',
          )}
        >
          {source}
        </span>
      )}
      <span>{rateHint(currency, rate, baseCurrency)}</span>
    </>
  );
}
