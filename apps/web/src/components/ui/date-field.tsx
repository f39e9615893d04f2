import { ph } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import { type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { toIsoDate } from '../../lib/dates.ts';
import { formatCardDate, formatDetailDate } from '../../lib/format/dates.ts';

type DateFormat = 'dot' | 'slash';

const PLACEHOLDER: Record<DateFormat, string> = { dot: 'dd.mm.yyyy', slash: 'dd/mm/yyyy' };
const DAY_FIRST = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** A typed day, written day first (30.11.2026, 30/11/2026, 30-11-2026) or as 2026-11-30, as yyyy-mm-dd; null when it is no real day. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const dayFirst = DAY_FIRST.exec(trimmed);
  const iso = ISO.exec(trimmed);
  const parts = dayFirst
    ? { day: Number(dayFirst[1]), month: Number(dayFirst[2]), year: Number(dayFirst[3]) }
    : iso
      ? { day: Number(iso[3]), month: Number(iso[2]), year: Number(iso[1]) }
      : null;
  if (!parts) return null;
  const date = new Date(parts.year, parts.month - 1, parts.day);
  const real =
    date.getFullYear() === parts.year && date.getMonth() === parts.month - 1 && date.getDate() === parts.day;
  return real ? toIsoDate(date) : null;
}

const shown = (value: string, format: DateFormat): string =>
  value === '' ? '' : format === 'dot' ? formatCardDate(value) : formatDetailDate(value);

interface DateFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'min' | 'defaultValue'
> {
  /** The day as yyyy-mm-dd, '' for none. */
  value: string;
  /** Called with yyyy-mm-dd once the text is a real day, with '' when it is cleared. */
  onChange: (value: string) => void;
  /** Earliest day (yyyy-mm-dd), exposed as data-min; the owner decides what an earlier day means. */
  min?: string;
  format?: DateFormat;
}

/**
 * A day typed in the app's own format (dd.mm.yyyy or dd/mm/yyyy), not the browser's: a native
 * date input shows mm/dd/yyyy in an American browser. The calendar beside it is the picker.
 */
export function DateField({ value, onChange, min, format = 'dot', className, ...rest }: DateFieldProps) {
  const [text, setText] = useState(() => shown(value, format));
  const [invalid, setInvalid] = useState(false);
  const editing = useRef(false);
  const errorId = useId();
  // A day picked elsewhere (the calendar, the day counts) shows here unless the user is typing.
  useEffect(() => {
    if (!editing.current) {
      setText(shown(value, format));
      setInvalid(false);
    }
  }, [value, format]);

  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={PLACEHOLDER[format]}
        data-min={min}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={
          [rest['aria-describedby'], invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined
        }
        onFocus={() => {
          editing.current = true;
        }}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const day = parseTypedDate(next);
          if (day) {
            setInvalid(false);
            if (day !== value) onChange(day);
          } else if (next.trim() === '') {
            setInvalid(false);
            if (value !== '') onChange('');
          }
        }}
        onBlur={() => {
          editing.current = false;
          const day = parseTypedDate(text);
          if (day || text.trim() === '') setText(shown(day ?? '', format));
          setInvalid(!day && text.trim() !== '');
        }}
        className={clsx(className, invalid && 'border-red-500 dark:border-red-400')}
      />
      {invalid && (
        <span id={errorId} className="text-xs font-normal text-red-700 dark:text-red-300">
          <Trans>Write the day as {ph({ pattern: PLACEHOLDER[format] })}</Trans>
        </span>
      )}
    </>
  );
}
