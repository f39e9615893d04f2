import { Trans } from '@lingui/react/macro';
import { PLANNER_NOTE_MAX } from '@tripcrew/contracts/trips';
import { type ReactNode, useId, useState } from 'react';
import { CancelActions } from '../../../../components/ui/cancel-actions.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { activeLocale } from '../../../../lib/i18n/active-locale.ts';

export interface NoteValue {
  text: string;
  time: string | null;
}

interface NoteFormProps {
  initial?: NoteValue;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (note: NoteValue) => void;
  onCancel: () => void;
  /** Told once the user has typed (an open editor only updates under an untouched form). */
  onDirty?: () => void;
  /** Shown above the fields (someone else saved while the user was typing). */
  notice?: ReactNode;
}

/** A note with an optional time (PLANNER-08). */
export function NoteForm({
  initial,
  submitLabel,
  busy = false,
  onSubmit,
  onCancel,
  onDirty,
  notice,
}: NoteFormProps) {
  const [text, setText] = useState(initial?.text ?? '');
  const [time, setTime] = useState(initial?.time ?? '');
  const id = useId();
  const trimmed = text.trim();
  return (
    <form
      aria-label={submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed === '') return;
        onSubmit({ text: trimmed, time: time === '' ? null : time });
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      className="flex flex-col gap-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-950 dark:ring-slate-700"
    >
      {notice}
      <label htmlFor={`${id}-text`} className="text-xs font-medium text-slate-600 dark:text-slate-300">
        <Trans>Note</Trans>
      </label>
      <textarea
        id={`${id}-text`}
        // The form was opened by the user to type in it.
        autoFocus
        rows={2}
        maxLength={PLANNER_NOTE_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onDirty?.();
        }}
        className="rounded-lg border border-slate-200 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <label htmlFor={`${id}-time`} className="text-xs font-medium text-slate-600 dark:text-slate-300">
        <Trans>Time (optional)</Trans>
      </label>
      <input
        id={`${id}-time`}
        type="time"
        lang={activeLocale().intl}
        value={time}
        onChange={(event) => {
          setTime(event.target.value);
          onDirty?.();
        }}
        className="w-32 rounded-lg border border-slate-200 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <CancelActions onCancel={onCancel} size="sm">
        <Button type="submit" disabled={trimmed === '' || busy} size="sm">
          {submitLabel}
        </Button>
      </CancelActions>
    </form>
  );
}
