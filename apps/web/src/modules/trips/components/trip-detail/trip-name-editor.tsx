import { useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { TRIP_NAME_MAX } from '@tripcrew/contracts/constants';
import { EditBackdrop } from './edit-backdrop.tsx';

interface TripNameEditorProps {
  name: string;
  canEdit: boolean;
  editing: boolean;
  onStart: () => void;
  /** Ends the mode; `next` is the new name when it changed (trimmed, not empty), else null. */
  onDone: (next: string | null) => void;
}

/** Editable trip name (TRIP-22): Enter or a click on the backdrop saves, Escape cancels. */
export function TripNameEditor({ name, canEdit, editing, onStart, onDone }: TripNameEditorProps) {
  const { t } = useLingui();
  const [value, setValue] = useState(name);

  const finish = (save: boolean) => {
    const trimmed = value.trim();
    onDone(save && trimmed !== '' && trimmed !== name ? trimmed : null);
  };

  if (editing) {
    return (
      <>
        <EditBackdrop onClick={() => finish(true)} label={t`Save the name`} />
        <input
          autoFocus
          aria-label={t`Trip name`}
          value={value}
          maxLength={TRIP_NAME_MAX}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              finish(true);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onDone(null);
            }
          }}
          className="relative z-50 w-full max-w-xl rounded-2xl bg-white px-4 py-2 text-2xl font-bold text-slate-900 shadow-xl outline-none ring-4 ring-brand-500 sm:text-4xl"
        />
      </>
    );
  }

  if (!canEdit) {
    return (
      <h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] drop-shadow sm:text-4xl">
        {name}
      </h1>
    );
  }

  return (
    <h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] drop-shadow sm:text-4xl">
      <button
        type="button"
        onClick={() => {
          setValue(name);
          onStart();
        }}
        aria-label={t`${name} (edit trip name)`}
        className="group flex max-w-full min-w-0 items-center gap-2 rounded-xl text-left focus-visible:ring-4 focus-visible:ring-white focus-visible:outline-none"
      >
        <span className="min-w-0">{name}</span>
        <Pencil
          aria-hidden="true"
          className="size-5 shrink-0 opacity-70 transition group-hover:opacity-100"
        />
      </button>
    </h1>
  );
}
