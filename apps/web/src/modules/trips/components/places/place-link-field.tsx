import { t } from '@lingui/core/macro';
import type { LinkPoint, LinkReading } from '@tripcrew/contracts/place-links';
import { CircleAlert, CircleCheck, Link2 } from 'lucide-react';
import { type PlacePoint, pointText } from './place-form-values.ts';
import { classes, PLACE_INPUT_CLASS, PLACE_LABEL_CLASS } from './place-styles.ts';

/** "Found 38.71390, -9.13340 from Google Maps": what a link gave. */
export function foundText(point: LinkPoint): string {
  const at = pointText(point);
  switch (point.source) {
    case 'google':
      return t`Found ${at} from Google Maps`;
    case 'openstreetmap':
      return t`Found ${at} from OpenStreetMap`;
    case 'apple':
      return t`Found ${at} from Apple Maps`;
    case 'geo':
      return t`Found ${at} from a geo: link`;
    case 'text':
      return t`Found ${at}`;
  }
}

const SHORT_LINK = /(^|\/\/|\.)goo\.gl\//i;
const LOOKS_LIKE_LINK = /^[a-z][a-z0-9+.-]*:|^www\.|^[^\s/]+\.[a-z]{2,}\//i;

/** Why a text gives no point, in words that say what to do instead. */
export function notFoundText(text: string, reason: 'no-coordinates' | 'out-of-range'): string {
  if (reason === 'out-of-range')
    return t`These coordinates are out of range: a latitude is between -90 and 90, a longitude between -180 and 180.`;
  const trimmed = text.trim();
  if (SHORT_LINK.test(trimmed))
    return t`This link holds no coordinates: short maps.app.goo.gl links hold none. Open it in your browser and copy the long address it leads to, or paste the coordinates, like 38.7139, -9.1334.`;
  if (LOOKS_LIKE_LINK.test(trimmed))
    return t`This link holds no coordinates: open the place in Google Maps, OpenStreetMap or Apple Maps and copy its link again, or paste the coordinates, like 38.7139, -9.1334.`;
  return t`No coordinates in this text: paste a map link or the coordinates, like 38.7139, -9.1334.`;
}

interface PlaceLinkFieldProps {
  id: string;
  value: string;
  reading: LinkReading;
  /** The point the place has now (an edit): kept while the field is empty. */
  current: PlacePoint | null;
  /** A problem found when saving; replaces the line under the field until the text changes. */
  error?: string;
  onChange: (text: string) => void;
}

/**
 * "Map link or coordinates": reads the pasted text as it is typed (no network) and says under the
 * field what it found, or why it found nothing.
 */
export function PlaceLinkField({ id, value, reading, current, error, onChange }: PlaceLinkFieldProps) {
  const messageId = `${id}-message`;
  let tone: 'hint' | 'found' | 'problem' = 'hint';
  let message: string;
  if (error) {
    tone = 'problem';
    message = error;
  } else if (reading.ok) {
    tone = 'found';
    message = foundText(reading.point);
  } else if (reading.reason !== 'empty') {
    tone = 'problem';
    message = notFoundText(value, reading.reason);
  } else if (current) {
    const now = pointText(current);
    message = t`Now at ${now}. Paste a new link or coordinates to move it.`;
  } else {
    message = t`Paste a link from Google Maps, OpenStreetMap or Apple Maps, or coordinates like 38.7139, -9.1334.`;
  }
  const Icon = tone === 'found' ? CircleCheck : tone === 'problem' ? CircleAlert : Link2;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={PLACE_LABEL_CLASS}>
        {t`Map link or coordinates`}
      </label>
      <input
        id={id}
        type="text"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t`Paste a link, or 38.7139, -9.1334`}
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        data-autofocus
        className={PLACE_INPUT_CLASS}
      />
      {/* Read out politely as the text changes; a problem found when saving is an alert. */}
      <p
        id={messageId}
        role={error ? 'alert' : 'status'}
        data-testid="place-link-reading"
        data-tone={tone}
        className={classes(
          'flex items-start gap-1.5 text-sm',
          tone === 'found' && 'font-medium text-brand-800 dark:text-brand-300',
          tone === 'problem' && 'text-red-700 dark:text-red-300',
          tone === 'hint' && 'text-slate-600 dark:text-slate-300',
        )}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">{message}</span>
      </p>
    </div>
  );
}
