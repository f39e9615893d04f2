import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ConflictNotice } from '../../../../components/ui/conflict-notice.tsx';
import { currentText, type VersionConflict, versionConflictOf } from '../../../../lib/version-conflict.ts';
import { packingInputProblem } from '../../api/trip-packing.ts';
import { EditingBadge, useEditingPresence } from '../presence/editing-presence.tsx';
import { packingErrorText } from './packing-error-text.ts';
import { GHOST_BUTTON_CLASS, PACKING_INPUT_CLASS, PRIMARY_BUTTON_CLASS } from './packing-styles.ts';
import { PackingProblem } from './packing-problem.tsx';

interface PackingItemEditProps {
  tripId: string;
  /** The item's presence key: the other members see "… is editing" on it while this is open. */
  itemKey: string;
  text: string;
  /** The item's version when the editor opened: the rename is an edit from it (decision 035). */
  version: number;
  onSave: (text: string, version: number) => Promise<unknown>;
  onDone: () => void;
}

/** Renames an item in place: Enter saves, Escape cancels; the server's refusal is shown here. */
export function PackingItemEdit({ tripId, itemKey, text, version, onSave, onDone }: PackingItemEditProps) {
  const { t } = useLingui();
  useEditingPresence(tripId, itemKey);
  const [base] = useState(version);
  const [conflict, setConflict] = useState<{ mine: string; conflict: VersionConflict } | null>(null);
  const [value, setValue] = useState(text);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = packingInputProblem({ text: value, assignedTo: null });
    setProblem(invalid);
    if (invalid) return;
    if (value.trim() === text) return onDone();
    await save(value.trim(), base);
  };

  const save = async (name: string, from: number) => {
    setBusy(true);
    try {
      await onSave(name, from);
      onDone();
    } catch (error) {
      const found = versionConflictOf(error);
      // Someone else renamed it meanwhile: both names, and the choice (decision 035).
      if (found) setConflict({ mine: name, conflict: found });
      else setProblem(packingErrorText(error));
      setBusy(false);
    }
  };

  if (conflict) {
    return (
      <ConflictNotice
        by={conflict.conflict.changedBy?.name ?? null}
        theirs={currentText(conflict.conflict, 'text')}
        mine={conflict.mine}
        busy={busy}
        onKeepTheirs={onDone}
        onUseMine={() => void save(conflict.mine, conflict.conflict.version)}
      />
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-1 flex-col gap-1" noValidate>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="text"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          aria-label={t`New name for ${text}`}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          className={PACKING_INPUT_CLASS}
        />
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
          <Trans>Save</Trans>
        </button>
        <button type="button" onClick={onDone} className={GHOST_BUTTON_CLASS}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      <PackingProblem id={errorId} problem={problem} />
      <EditingBadge tripId={tripId} itemKey={itemKey} />
    </form>
  );
}
