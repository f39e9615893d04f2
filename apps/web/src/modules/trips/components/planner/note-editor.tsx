import { Trans, useLingui } from '@lingui/react/macro';
import type { PlannerItem } from '@tripcrew/contracts/trips';
import { useEffect, useState } from 'react';
import { ConflictNotice } from '../../../../components/ui/conflict-notice.tsx';
import { currentText, type VersionConflict, versionConflictOf } from '../../../../lib/version-conflict.ts';
import { EditingBadge, editingKey, useEditingPresence } from '../presence/editing-presence.tsx';
import { NoteForm, type NoteValue } from './note-form.tsx';

/** Saves a note's text and time as an edit from `version`; rejects with the API's error. */
export type SaveNote = (item: PlannerItem, note: NoteValue, version: number) => Promise<void>;

const asText = (note: NoteValue): string => (note.time ? `${note.text} · ${note.time}` : note.text);

/** Their note, as the 409 carries it. */
function theirsOf(conflict: VersionConflict): NoteValue {
  const time = currentText(conflict, 'time');
  return { text: currentText(conflict, 'text'), time: time === '' ? null : time };
}

/**
 * Editing a note without overwriting anyone (decision 035). The edit names the version the editor
 * started from. While the user has not typed, someone else's save replaces what the editor shows
 * (and its version); once they have, the editor says so. A save that meets someone else's change
 * of the same field (409) shows both versions — Keep theirs, Use mine, Edit both — and the user's
 * text stays on the screen until they choose.
 */
export function NoteEditor({
  tripId,
  item,
  onSave,
  onClose,
}: {
  tripId: string;
  item: PlannerItem;
  onSave: SaveNote;
  onClose: () => void;
}) {
  const { t } = useLingui();
  // The others see "… is editing" on this note while the editor is open.
  const presenceKey = editingKey('planner-item', item._id);
  useEditingPresence(tripId, presenceKey);
  const [base, setBase] = useState(item.version);
  const [initial, setInitial] = useState<NoteValue>({ text: item.text ?? '', time: item.time });
  const [formKey, setFormKey] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState<{ mine: NoteValue; conflict: VersionConflict } | null>(null);
  const [busy, setBusy] = useState(false);

  // Someone else saved while the editor is untouched: show their note, edit from their version.
  useEffect(() => {
    if (item.version === base || dirty || conflict) return;
    setBase(item.version);
    setInitial({ text: item.text ?? '', time: item.time });
    setFormKey((key) => key + 1);
  }, [item.version, item.text, item.time, base, dirty, conflict]);

  const save = async (note: NoteValue, version: number) => {
    setBusy(true);
    try {
      await onSave(item, note, version);
      onClose();
    } catch (error) {
      const found = versionConflictOf(error);
      // Any other refusal keeps the editor open with the text (its toast says why).
      if (found) setConflict({ mine: note, conflict: found });
    } finally {
      setBusy(false);
    }
  };

  if (conflict) {
    const theirs = theirsOf(conflict.conflict);
    return (
      <ConflictNotice
        by={conflict.conflict.changedBy?.name ?? null}
        theirs={asText(theirs)}
        mine={asText(conflict.mine)}
        busy={busy}
        onKeepTheirs={onClose}
        onUseMine={() => void save(conflict.mine, conflict.conflict.version)}
        onEditBoth={() => {
          const both =
            theirs.text === conflict.mine.text ? theirs.text : `${theirs.text}\n\n${conflict.mine.text}`;
          setInitial({ text: both, time: conflict.mine.time ?? theirs.time });
          setBase(conflict.conflict.version);
          setDirty(true);
          setConflict(null);
          setFormKey((key) => key + 1);
        }}
      />
    );
  }

  const changedUnder = dirty && item.version !== base;
  return (
    <NoteForm
      key={formKey}
      initial={initial}
      submitLabel={t`Save note`}
      busy={busy}
      onCancel={onClose}
      onDirty={() => setDirty(true)}
      onSubmit={(note) => void save(note, base)}
      notice={
        <>
          <EditingBadge tripId={tripId} itemKey={presenceKey} />
          {changedUnder && (
            <p
              role="status"
              data-testid="note-changed-under"
              className="rounded-lg bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
            >
              <Trans>Someone else saved this note while you were typing. Saving shows both versions.</Trans>
            </p>
          )}
        </>
      }
    />
  );
}
