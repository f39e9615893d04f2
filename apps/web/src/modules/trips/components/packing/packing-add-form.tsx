import { Trans, useLingui } from '@lingui/react/macro';
import type { TripMember } from '@tripcrew/contracts/trips';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type NewPackingItem, packingInputProblem } from '../../api/trip-packing.ts';
import { PackingAssigneeSelect } from './packing-assignee-select.tsx';
import { packingErrorText } from './packing-error-text.ts';
import { classes, PACKING_INPUT_CLASS, PRIMARY_BUTTON_CLASS } from './packing-styles.ts';
import { PackingProblem } from './packing-problem.tsx';

interface PackingAddFormProps {
  members: readonly TripMember[];
  disabled: boolean;
  onAdd: (item: NewPackingItem) => Promise<unknown>;
}

/** Adds an item to the shared list, optionally assigned to a member; checked before sending. */
export function PackingAddForm({ members, disabled, onAdd }: PackingAddFormProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [assignedTo, setAssignedTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const item = { text, assignedTo };
    const invalid = packingInputProblem(item);
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await onAdd(item);
      setText('');
      setAssignedTo(null);
    } catch (error) {
      setProblem(packingErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-1" noValidate>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          type="text"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          placeholder={t`Add an item for everyone, e.g. Sunscreen`}
          aria-label={t`New item`}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          disabled={disabled}
          className={PACKING_INPUT_CLASS}
        />
        <div className="flex gap-2">
          <PackingAssigneeSelect
            members={members}
            value={assignedTo}
            onChange={setAssignedTo}
            label={t`Who brings it`}
            disabled={disabled}
            className="flex-1 sm:w-40 sm:flex-none"
          />
          <button
            type="submit"
            disabled={disabled || busy}
            className={classes(PRIMARY_BUTTON_CLASS, 'shrink-0')}
          >
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Add</Trans>
          </button>
        </div>
      </div>
      <PackingProblem id={errorId} problem={problem} />
    </form>
  );
}
