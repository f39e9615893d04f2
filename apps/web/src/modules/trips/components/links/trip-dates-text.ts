import { t } from '@lingui/core/macro';
import { formatDateRange } from '../../../../lib/format/date-words.ts';

/** "5 May 2031 – 8 May 2031", one day alone, or "Dates not set yet". */
export function tripDatesText(start: string | null, end: string | null): string {
  if (!start) return t`Dates not set yet`;
  return formatDateRange(start, end);
}
